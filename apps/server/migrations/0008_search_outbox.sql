CREATE TABLE "search_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_outbox_at_idx" ON "search_outbox" USING btree ("at");--> statement-breakpoint
-- Every change search reads, in the writing transaction (docs/decisions/0018-search-index.md). Pack renames
-- and status changes already rewrite their items (search_packs_after_update), so they reach the outbox as items.
CREATE OR REPLACE FUNCTION search_outbox_item() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_outbox (entity, entity_id) VALUES ('item', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_outbox_write AFTER INSERT OR DELETE ON items FOR EACH ROW EXECUTE FUNCTION search_outbox_item();
--> statement-breakpoint
CREATE TRIGGER items_search_outbox_update AFTER UPDATE ON items FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION search_outbox_item();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_outbox_popularity() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_outbox (entity, entity_id) VALUES ('item', NEW.item_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_popularity_search_outbox AFTER INSERT OR UPDATE ON item_popularity FOR EACH ROW EXECUTE FUNCTION search_outbox_popularity();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_outbox_named() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_outbox (entity, entity_id) VALUES (TG_ARGV[0], NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER packs_search_outbox AFTER INSERT OR UPDATE OF slug, title ON packs FOR EACH ROW EXECUTE FUNCTION search_outbox_named('pack');
--> statement-breakpoint
CREATE TRIGGER creators_search_outbox AFTER INSERT OR UPDATE OF slug, name ON creators FOR EACH ROW EXECUTE FUNCTION search_outbox_named('creator');
--> statement-breakpoint
-- The order of sort=random: a 32-bit mix (murmur3's finaliser) of the id's last 32 bits xor a 32-bit seed.
-- Cheap in SQL and in the in-memory index alike, which both compute it (multiplication mod 2^32 split in
-- 16-bit halves so bigint never overflows).
CREATE OR REPLACE FUNCTION search_random_key(p_id uuid, p_seed bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  x bigint := ('x' || right(p_id::text, 8))::bit(32)::bigint # p_seed;
BEGIN
  x := x # (x >> 16);
  x := ((x * 51819) + (((x * 34283) & 65535) << 16)) & 4294967295;
  x := x # (x >> 13);
  x := ((x * 44597) + (((x * 49842) & 65535) << 16)) & 4294967295;
  RETURN x # (x >> 16);
END
$$;
