ALTER TABLE "users" ADD COLUMN "viewer_state_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What is the viewer's own on a catalogue answer (favourites, owned sounds) bumps their version in the writing
-- transaction, once per statement however many rows it wrote (a pack got at once is one bump): every API
-- process reads the version with the session and keeps its cached copy only while it matches (decision 0077).
CREATE FUNCTION viewer_state_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET viewer_state_version = viewer_state_version + 1 WHERE id IN (SELECT user_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION viewer_state_bump_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET viewer_state_version = viewer_state_version + 1
  WHERE id IN (SELECT user_id FROM changed_rows UNION SELECT user_id FROM previous_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER favorites_viewer_state_insert AFTER INSERT ON favorites REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION viewer_state_bump();
--> statement-breakpoint
CREATE TRIGGER favorites_viewer_state_delete AFTER DELETE ON favorites REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION viewer_state_bump();
--> statement-breakpoint
CREATE TRIGGER favorites_viewer_state_update AFTER UPDATE ON favorites REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION viewer_state_bump_moved();
--> statement-breakpoint
CREATE TRIGGER owned_items_viewer_state_insert AFTER INSERT ON owned_items REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION viewer_state_bump();
--> statement-breakpoint
CREATE TRIGGER owned_items_viewer_state_delete AFTER DELETE ON owned_items REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION viewer_state_bump();
--> statement-breakpoint
CREATE TRIGGER owned_items_viewer_state_update AFTER UPDATE ON owned_items REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION viewer_state_bump_moved();
