CREATE TABLE "pack_zip_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"upload_id" text NOT NULL,
	"started_by_user_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'unpacking' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pack_zip_imports_state_check" CHECK ("pack_zip_imports"."state" in ('unpacking', 'done', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "pack_zip_imports" ADD CONSTRAINT "pack_zip_imports_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_zip_imports" ADD CONSTRAINT "pack_zip_imports_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_zip_imports_pack_idx" ON "pack_zip_imports" USING btree ("pack_id","created_at");