ALTER TABLE "creators" ADD COLUMN "links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The one website a profile had becomes its first link: the profile editor keeps a list of links.
UPDATE "creators" SET "links" = ARRAY["website"] WHERE "website" IS NOT NULL AND "website" <> '';--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creators" DROP COLUMN "website";
