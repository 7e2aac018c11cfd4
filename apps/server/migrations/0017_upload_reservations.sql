CREATE TABLE "upload_reservations" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"started_by_user_id" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"files" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_creator_idx" ON "upload_reservations" USING btree ("creator_id","expires_at");--> statement-breakpoint
CREATE INDEX "upload_reservations_pack_idx" ON "upload_reservations" USING btree ("pack_id");