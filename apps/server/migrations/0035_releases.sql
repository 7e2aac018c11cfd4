CREATE TABLE "release_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"release_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text,
	"party_user_id" text,
	"bps" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_parties" (
	"release_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"creator_id" uuid,
	"name" text NOT NULL,
	"bps" integer NOT NULL,
	"status" text NOT NULL,
	"counter_bps" integer,
	"counter_note" text,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "release_parties_bps" CHECK ("release_parties"."bps" >= 0 and "release_parties"."bps" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "release_sounds" (
	"release_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"licence_id" uuid NOT NULL,
	"licence_type" text NOT NULL,
	"prominence" text,
	"proposed_bps" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"producer_user_id" text NOT NULL,
	"title" text NOT NULL,
	"artists" text[] NOT NULL,
	"release_date" date NOT NULL,
	"label" text,
	"isrc" text NOT NULL,
	"upc" text,
	"status" text DEFAULT 'proposed' NOT NULL,
	"split_sheet_number" text,
	"agreed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_agreed_has_sheet" CHECK (("releases"."status" = 'agreed') = ("releases"."split_sheet_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_party_user_id_users_id_fk" FOREIGN KEY ("party_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_parties" ADD CONSTRAINT "release_parties_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_parties" ADD CONSTRAINT "release_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_parties" ADD CONSTRAINT "release_parties_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_sounds" ADD CONSTRAINT "release_sounds_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_sounds" ADD CONSTRAINT "release_sounds_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_sounds" ADD CONSTRAINT "release_sounds_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_producer_user_id_users_id_fk" FOREIGN KEY ("producer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_events_release_idx" ON "release_events" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "release_parties_key" ON "release_parties" USING btree ("release_id","user_id");--> statement-breakpoint
CREATE INDEX "release_parties_user_idx" ON "release_parties" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_sounds_key" ON "release_sounds" USING btree ("release_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_sounds_position_key" ON "release_sounds" USING btree ("release_id","position");--> statement-breakpoint
CREATE INDEX "releases_producer_idx" ON "releases" USING btree ("producer_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_split_sheet_key" ON "releases" USING btree ("split_sheet_number");