CREATE TABLE "user_attribution" (
	"user_id" text PRIMARY KEY NOT NULL,
	"fbp" text,
	"fbc" text,
	"ip_address" text,
	"user_agent" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "fbc" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "event_id" text;--> statement-breakpoint
-- Events recorded before event ids existed keep an id of their own (they were stored once each).
UPDATE "tracking_events" SET "event_id" = 'legacy:' || "id";--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "fbp" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "custom_data" jsonb;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "user_attribution" ADD CONSTRAINT "user_attribution_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_unforwarded_idx" ON "tracking_events" USING btree ("next_attempt_at","id") WHERE "tracking_events"."forwarded_at" is null and "tracking_events"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_events_failed_idx" ON "tracking_events" USING btree ("failed_at") WHERE "tracking_events"."failed_at" is not null and "tracking_events"."forwarded_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_events_forwarded_idx" ON "tracking_events" USING btree ("forwarded_at") WHERE "tracking_events"."forwarded_at" is not null;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_event_id_unique" UNIQUE("event_id");