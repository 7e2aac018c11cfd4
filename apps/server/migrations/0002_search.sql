CREATE TABLE "item_popularity" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"score" integer GENERATED ALWAYS AS (downloads * 3 + favorites * 2 + plays) STORED
);
--> statement-breakpoint
CREATE TABLE "search_taxonomy_labels" (
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "search_taxonomy_labels_kind_slug_pk" PRIMARY KEY("kind","slug")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_pack_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_bpm" smallint GENERATED ALWAYS AS (round(bpm)::smallint) STORED;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_features" "cube" GENERATED ALWAYS AS (case when cardinality(audio_features) between 1 and 100 then cube(audio_features::float8[]) end) STORED;--> statement-breakpoint
ALTER TABLE "item_popularity" ADD CONSTRAINT "item_popularity_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector","genres","instruments","type","kind","key","time_signature","feel","licence_type","plugin","is_free","has_stems","has_midi","creator_id","pack_id") WHERE search_pack_status = 4 and taken_down_at is null;--> statement-breakpoint
CREATE INDEX "items_search_bpm_idx" ON "items" USING btree ("search_bpm") WHERE search_pack_status = 4 and taken_down_at is null;--> statement-breakpoint
CREATE INDEX "items_search_listed_idx" ON "items" USING btree ("search_listed_at","id") WHERE search_pack_status = 4 and taken_down_at is null;--> statement-breakpoint
CREATE INDEX "items_search_features_idx" ON "items" USING gist ("search_features") WHERE search_pack_status = 4 and taken_down_at is null;--> statement-breakpoint
CREATE INDEX "items_search_archived_idx" ON "items" USING btree ("search_listed_at") WHERE search_pack_status = -1 or taken_down_at is not null;