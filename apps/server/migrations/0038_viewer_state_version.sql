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
--> statement-breakpoint
-- The embedded default (PGlite: one process owns the database) keeps verified sessions in memory; any change to what
-- a session resolves to — the session, its user, roles, creator profile or collaborations — tells it to forget them,
-- as the writing statement commits. Only a connection that asks (the setting) is told; PostgreSQL's never does.
CREATE FUNCTION viewer_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('crate.notify_viewer_changes', true) = 'on' THEN
    PERFORM pg_notify('crate_viewer_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION viewer_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_viewer_changed AFTER UPDATE OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION viewer_changed_notify();
--> statement-breakpoint
CREATE TRIGGER user_roles_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION viewer_changed_notify();
--> statement-breakpoint
CREATE TRIGGER creators_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON creators FOR EACH STATEMENT EXECUTE FUNCTION viewer_changed_notify();
--> statement-breakpoint
CREATE TRIGGER creator_collaborators_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON creator_collaborators FOR EACH STATEMENT EXECUTE FUNCTION viewer_changed_notify();
