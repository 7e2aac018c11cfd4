ALTER TABLE "jobs" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "backfill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_claim_order_idx" ON "jobs" USING btree ("backfill","owner_position","run_at","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_owner_open_idx" ON "jobs" USING btree ("owner") WHERE "jobs"."owner" is not null and "jobs"."status" in ('queued', 'running');