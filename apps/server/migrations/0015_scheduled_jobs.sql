CREATE TABLE "job_schedule_slots" (
	"name" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_schedule_slots_name_slot_at_pk" PRIMARY KEY("name","slot_at")
);
--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;