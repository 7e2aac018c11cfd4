CREATE TABLE "affiliate_click_days" (
	"code" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_click_days_code_day_pk" PRIMARY KEY("code","day")
);
--> statement-breakpoint
CREATE TABLE "affiliate_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"affiliate_user_id" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_user_id" text NOT NULL,
	"referral_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"month" date NOT NULL,
	"bps" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commissions_positive" CHECK ("affiliate_commissions"."amount_cents" > 0)
);
--> statement-breakpoint
-- An affiliate's one code becomes the first of their codes; a referral's code is kept (lower-cased) with it.
INSERT INTO "affiliate_codes" ("code", "affiliate_user_id") SELECT lower("code"), "user_id" FROM "affiliates" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "affiliate_referrals" SET "code" = lower("code");--> statement-breakpoint
INSERT INTO "affiliate_codes" ("code", "affiliate_user_id") SELECT DISTINCT "code", "affiliate_user_id" FROM "affiliate_referrals" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP INDEX "affiliates_code_key";--> statement-breakpoint
DROP INDEX "affiliate_referrals_affiliate_idx";--> statement-breakpoint
DROP INDEX "payout_lines_payout_payee_key";--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "affiliate_referrals" SET "clicked_at" = "created_at";--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ALTER COLUMN "clicked_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "commission_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "commission_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "kind" text DEFAULT 'creator' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_click_days" ADD CONSTRAINT "affiliate_click_days_code_affiliate_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."affiliate_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_codes" ADD CONSTRAINT "affiliate_codes_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_user_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."affiliates"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_referral_id_affiliate_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."affiliate_referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_receipt_id_payment_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."payment_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_codes_affiliate_idx" ON "affiliate_codes" USING btree ("affiliate_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_receipt_key" ON "affiliate_commissions" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_user_id","month");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_month_idx" ON "affiliate_commissions" USING btree ("month");--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_code_affiliate_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."affiliate_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_referrals_affiliate_idx" ON "affiliate_referrals" USING btree ("affiliate_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_payout_payee_key" ON "payout_lines" USING btree ("payout_id","payee_user_id","kind");--> statement-breakpoint
ALTER TABLE "affiliate_referrals" DROP COLUMN "commission_cents";--> statement-breakpoint
ALTER TABLE "affiliates" DROP COLUMN "code";