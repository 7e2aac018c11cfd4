CREATE TABLE "item_daily_stats" (
	"item_id" uuid NOT NULL,
	"pack_id" uuid,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"gets" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"playlist_adds" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_daily_stats_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "pack_daily_stats" (
	"pack_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"gets" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"playlist_adds" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_daily_stats_pack_id_day_pk" PRIMARY KEY("pack_id","day")
);
--> statement-breakpoint
CREATE TABLE "play_dedupe" (
	"listener" text NOT NULL,
	"item_id" uuid NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_dedupe_listener_item_id_pk" PRIMARY KEY("listener","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_events" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_daily_stats" ADD CONSTRAINT "item_daily_stats_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_daily_stats" ADD CONSTRAINT "pack_daily_stats_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_daily_stats_pack_day_idx" ON "item_daily_stats" USING btree ("pack_id","day");--> statement-breakpoint
CREATE INDEX "play_dedupe_counted_idx" ON "play_dedupe" USING btree ("counted_at");--> statement-breakpoint
-- Rollups (docs/decisions/0028): every insert into item_events is folded, per statement, into the daily
-- counters of its items and their packs, in the writing transaction. A bulk insert costs one upsert per
-- item-day and pack-day, not one per event; rows are taken in key order so concurrent writers lock alike.
CREATE OR REPLACE FUNCTION analytics_item_events_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH batch AS (
    SELECT e.item_id, i.pack_id, (e.created_at AT TIME ZONE 'UTC')::date AS day,
           count(*) FILTER (WHERE e.kind = 'play') AS plays,
           count(*) FILTER (WHERE e.kind = 'download') AS downloads,
           count(*) FILTER (WHERE e.kind = 'get') AS gets,
           count(*) FILTER (WHERE e.kind = 'favorite') AS favorites,
           count(*) FILTER (WHERE e.kind = 'playlist_add') AS playlist_adds,
           coalesce(sum(e.credits), 0) AS credits
    FROM inserted e
    JOIN items i ON i.id = e.item_id
    GROUP BY e.item_id, i.pack_id, (e.created_at AT TIME ZONE 'UTC')::date
  ), item_rows AS (
    INSERT INTO item_daily_stats AS s (item_id, pack_id, day, plays, downloads, gets, favorites, playlist_adds, credits)
    SELECT item_id, pack_id, day, plays, downloads, gets, favorites, playlist_adds, credits
    FROM batch
    ORDER BY item_id, day
    ON CONFLICT (item_id, day) DO UPDATE
    SET pack_id = excluded.pack_id,
        plays = s.plays + excluded.plays,
        downloads = s.downloads + excluded.downloads,
        gets = s.gets + excluded.gets,
        favorites = s.favorites + excluded.favorites,
        playlist_adds = s.playlist_adds + excluded.playlist_adds,
        credits = s.credits + excluded.credits
    RETURNING 1
  )
  INSERT INTO pack_daily_stats AS s (pack_id, day, plays, downloads, gets, favorites, playlist_adds, credits)
  SELECT pack_id, day, sum(plays), sum(downloads), sum(gets), sum(favorites), sum(playlist_adds), sum(credits)
  FROM batch
  GROUP BY pack_id, day
  ORDER BY pack_id, day
  ON CONFLICT (pack_id, day) DO UPDATE
  SET plays = s.plays + excluded.plays,
      downloads = s.downloads + excluded.downloads,
      gets = s.gets + excluded.gets,
      favorites = s.favorites + excluded.favorites,
      playlist_adds = s.playlist_adds + excluded.playlist_adds,
      credits = s.credits + excluded.credits;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_events_analytics_rollup
AFTER INSERT ON item_events
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION analytics_item_events_rollup();
--> statement-breakpoint
-- Every recorded download of an original is an analytics event, whichever feature writes the row.
CREATE OR REPLACE FUNCTION analytics_downloads_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_events (item_id, pack_id, user_id, kind, created_at)
  SELECT d.item_id, i.pack_id, d.user_id, 'download', d.created_at
  FROM inserted d JOIN items i ON i.id = d.item_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER downloads_analytics_event
AFTER INSERT ON downloads
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION analytics_downloads_event();
--> statement-breakpoint
-- Events recorded before rollups existed (the demo seed's): counted once.
INSERT INTO item_daily_stats (item_id, pack_id, day, plays, downloads, gets, favorites, playlist_adds, credits)
SELECT e.item_id, i.pack_id, (e.created_at AT TIME ZONE 'UTC')::date,
       count(*) FILTER (WHERE e.kind = 'play'), count(*) FILTER (WHERE e.kind = 'download'), count(*) FILTER (WHERE e.kind = 'get'),
       count(*) FILTER (WHERE e.kind = 'favorite'), count(*) FILTER (WHERE e.kind = 'playlist_add'), coalesce(sum(e.credits), 0)
FROM item_events e JOIN items i ON i.id = e.item_id
GROUP BY e.item_id, i.pack_id, (e.created_at AT TIME ZONE 'UTC')::date;
--> statement-breakpoint
INSERT INTO pack_daily_stats (pack_id, day, plays, downloads, gets, favorites, playlist_adds, credits)
SELECT pack_id, day, sum(plays), sum(downloads), sum(gets), sum(favorites), sum(playlist_adds), sum(credits)
FROM item_daily_stats GROUP BY pack_id, day;
