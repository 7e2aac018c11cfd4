CREATE TABLE "pack_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"reviewer_user_id" text,
	"decision" text NOT NULL,
	"notes" text,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pack_reviews" ADD CONSTRAINT "pack_reviews_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_reviews" ADD CONSTRAINT "pack_reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_reviews_pack_idx" ON "pack_reviews" USING btree ("pack_id","created_at");--> statement-breakpoint
CREATE INDEX "packs_awaiting_review_idx" ON "packs" USING btree ("submitted_at","id") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "processing_outcomes_run_file_key" ON "processing_outcomes" USING btree ("run_id","file_id");--> statement-breakpoint
-- When a pack goes to 1 (awaiting approval) it is stamped, whoever moved it (the studio's submit, an admin, a
-- script), so the admins' review queue is ordered by submission without every writer remembering to set it.
CREATE OR REPLACE FUNCTION packs_stamp_submitted_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 1 AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 1) THEN
    NEW.submitted_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER packs_submitted_at BEFORE INSERT OR UPDATE OF status ON packs FOR EACH ROW EXECUTE FUNCTION packs_stamp_submitted_at();
--> statement-breakpoint
UPDATE packs SET submitted_at = updated_at WHERE status = 1 AND submitted_at IS NULL;
