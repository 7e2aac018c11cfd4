CREATE TABLE "email_verification_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_verification_links" ADD CONSTRAINT "email_verification_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verification_links_user_idx" ON "email_verification_links" USING btree ("user_id","created_at");--> statement-breakpoint
-- Hand edit (docs/decisions/0069): accounts made before e-mail verification existed could already pay and get paid; they keep that.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
