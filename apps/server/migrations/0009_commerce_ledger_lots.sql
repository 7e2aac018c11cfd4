CREATE TABLE "credit_lot_draws" (
	"entry_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_lot_draws_entry_id_lot_id_pk" PRIMARY KEY("entry_id","lot_id"),
	CONSTRAINT "credit_lot_draws_positive" CHECK ("credit_lot_draws"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_sign";--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "item_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "holder_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "licensor_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_lot_draws" ADD CONSTRAINT "credit_lot_draws_entry_id_credit_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lot_draws" ADD CONSTRAINT "credit_lot_draws_lot_id_credit_ledger_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_lot_draws_lot_idx" ON "credit_lot_draws" USING btree ("lot_id");--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_lot_expiry_idx" ON "credit_ledger" USING btree ("expires_at") WHERE "credit_ledger"."amount" > 0 and "credit_ledger"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "owned_items_user_acquired_idx" ON "owned_items" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP COLUMN "item_id";--> statement-breakpoint
-- The one expiry a user had becomes the expiry of each lot they hold.
UPDATE "credit_ledger" SET "expires_at" = "users"."credits_expire_at" FROM "users" WHERE "users"."id" = "credit_ledger"."user_id" AND "credit_ledger"."amount" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credits_expire_at";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_lot_expiry" CHECK ("credit_ledger"."amount" > 0 or "credit_ledger"."expires_at" is null);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_sign" CHECK (("credit_ledger"."kind" in ('spend','expire') and "credit_ledger"."amount" < 0) or ("credit_ledger"."kind" in ('grant','refill') and "credit_ledger"."amount" > 0) or ("credit_ledger"."kind" = 'adjust' and "credit_ledger"."amount" <> 0));