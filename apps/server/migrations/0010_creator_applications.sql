ALTER TABLE "creator_applications" ALTER COLUMN "status" SET DEFAULT 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "creator_applications_one_open_key" ON "creator_applications" USING btree ("user_id") WHERE status in ('submitted', 'needs_changes');--> statement-breakpoint
ALTER TABLE "creator_applications" DROP COLUMN "portfolio_url";--> statement-breakpoint
ALTER TABLE "creator_applications" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "creator_applications" DROP COLUMN "sample_file_ids";--> statement-breakpoint
ALTER TABLE "creator_applications" ADD COLUMN "bio" text NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_applications" ADD COLUMN "genres" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_applications" ADD COLUMN "demo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;