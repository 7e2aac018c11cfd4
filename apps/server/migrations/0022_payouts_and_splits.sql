CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" text DEFAULT 'onboarding' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"payee_user_id" text NOT NULL,
	"receipt_id" uuid NOT NULL,
	"source_month" date NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payout_adjustments_negative" CHECK ("payout_adjustments"."amount_cents" < 0)
);
--> statement-breakpoint
CREATE TABLE "revenue_split_shares" (
	"split_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"bps" integer NOT NULL,
	CONSTRAINT "revenue_split_shares_split_id_user_id_pk" PRIMARY KEY("split_id","user_id"),
	CONSTRAINT "revenue_split_shares_bps" CHECK ("revenue_split_shares"."bps" > 0 and "revenue_split_shares"."bps" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "revenue_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"pack_id" uuid,
	"effective_month" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_lines" DROP CONSTRAINT "payout_lines_creator_id_creators_id_fk";
--> statement-breakpoint
ALTER TABLE "payout_lines" DROP CONSTRAINT "payout_lines_payout_id_monthly_payouts_id_fk";
--> statement-breakpoint
DROP INDEX "payout_lines_payout_creator_key";--> statement-breakpoint
ALTER TABLE "monthly_payouts" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_lines" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payout_lines" ALTER COLUMN "details" SET DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "owned_items" ADD COLUMN "credits" integer;--> statement-breakpoint
-- Items got with credits before this column: each its share of the spend by credit price, the leftover credits to the largest remainders.
WITH parts AS (
  SELECT o."id", o."credit_ledger_id" AS entry, o."item_id", -e."amount" * i."credit_cost" AS weighted,
         -e."amount" AS charged, sum(i."credit_cost") OVER (PARTITION BY o."credit_ledger_id") AS total
  FROM "owned_items" o JOIN "credit_ledger" e ON e."id" = o."credit_ledger_id" JOIN "items" i ON i."id" = o."item_id"
  WHERE o."source" = 'credits' AND i."credit_cost" > 0
), ranked AS (
  SELECT p.*, p.weighted / p.total AS base,
         p.charged - sum(p.weighted / p.total) OVER (PARTITION BY p.entry) AS leftover,
         row_number() OVER (PARTITION BY p.entry ORDER BY p.weighted % p.total DESC, p."item_id") AS rank
  FROM parts p
)
UPDATE "owned_items" o SET "credits" = r.base + CASE WHEN r.rank <= r.leftover THEN 1 ELSE 0 END FROM ranked r WHERE r."id" = o."id"--> statement-breakpoint
ALTER TABLE "payment_receipts" ADD COLUMN "kind" text;--> statement-breakpoint
UPDATE "payment_receipts" r SET "kind" = CASE
  WHEN r."subscription_id" IS NOT NULL THEN 'plan'
  WHEN EXISTS (SELECT 1 FROM "checkout_sessions" c WHERE c."session_id" = r."provider_ref" AND c."purchase" IS NOT NULL) THEN 'purchase'
  ELSE 'refill' END;--> statement-breakpoint
ALTER TABLE "payment_receipts" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "revenue_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "pool_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "sales_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "sales_owed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "adjustments_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monthly_payouts" ADD COLUMN "paying_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "payee_user_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "credits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "pool_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "sales_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "adjustment_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "carried_in_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "carry_reason" text;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_adjustments" ADD CONSTRAINT "payout_adjustments_payout_id_monthly_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."monthly_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_adjustments" ADD CONSTRAINT "payout_adjustments_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_adjustments" ADD CONSTRAINT "payout_adjustments_receipt_id_payment_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."payment_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_split_shares" ADD CONSTRAINT "revenue_split_shares_split_id_revenue_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."revenue_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_split_shares" ADD CONSTRAINT "revenue_split_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_splits" ADD CONSTRAINT "revenue_splits_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_splits" ADD CONSTRAINT "revenue_splits_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_splits" ADD CONSTRAINT "revenue_splits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_key" ON "payout_accounts" USING btree ("provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_adjustments_key" ON "payout_adjustments" USING btree ("payout_id","payee_user_id","receipt_id","source_month","kind");--> statement-breakpoint
CREATE INDEX "payout_adjustments_receipt_idx" ON "payout_adjustments" USING btree ("receipt_id","source_month");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_splits_pack_month_key" ON "revenue_splits" USING btree ("pack_id","effective_month") WHERE "revenue_splits"."pack_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_splits_default_month_key" ON "revenue_splits" USING btree ("creator_id","effective_month") WHERE "revenue_splits"."pack_id" is null;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_monthly_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."monthly_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owned_items_paid_acquired_idx" ON "owned_items" USING btree ("created_at") WHERE "owned_items"."credits" > 0 or "owned_items"."price_cents" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_payout_payee_key" ON "payout_lines" USING btree ("payout_id","payee_user_id");--> statement-breakpoint
CREATE INDEX "payout_lines_payee_idx" ON "payout_lines" USING btree ("payee_user_id");--> statement-breakpoint
ALTER TABLE "payout_lines" DROP COLUMN "creator_id";--> statement-breakpoint
ALTER TABLE "payout_lines" DROP COLUMN "downloads";