ALTER TABLE "packs" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
-- When a pack goes to 2 (approved) it is stamped, whoever moved it, so the duplicate check can tell which of
-- two packs sharing content was approved first (docs/decisions/0062-the-first-approved-pack-keeps-shared-content.md).
-- clock_timestamp(), not now(): two approvals in one transaction still get an order.
CREATE OR REPLACE FUNCTION packs_stamp_approved_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 2 AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 2) THEN
    NEW.approved_at := clock_timestamp();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER packs_approved_at BEFORE INSERT OR UPDATE OF status ON packs FOR EACH ROW EXECUTE FUNCTION packs_stamp_approved_at();
--> statement-breakpoint
-- Packs already past approval: their last move to 2 in the audit log, else the best time known.
UPDATE packs SET approved_at = coalesce(
  (SELECT max(a.created_at) FROM audit_log a WHERE a.target_type = 'pack' AND a.target_id = packs.id::text AND a.details->>'to' = '2'),
  submitted_at,
  updated_at
) WHERE status IN (-2, -1, 2, 3, 4);
