CREATE TABLE "site_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"active_subscribers" integer,
	"mrr" integer,
	"mrr_currency" text,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "sign_in_failures_paused_idx" ON "sign_in_failures" USING btree ("paused_until") WHERE "sign_in_failures"."paused_until" is not null;--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role","user_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_disabled_idx" ON "users" USING btree ("created_at","id") WHERE "users"."disabled_at" is not null;--> statement-breakpoint
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deactivated_at" is not null;--> statement-breakpoint
CREATE INDEX "processing_runs_errors_idx" ON "processing_runs" USING btree ("created_at") WHERE status = 'Errors';--> statement-breakpoint
CREATE INDEX "credit_ledger_spend_idx" ON "credit_ledger" USING btree ("created_at") WHERE "credit_ledger"."kind" = 'spend';--> statement-breakpoint
CREATE INDEX "payment_receipts_disputed_idx" ON "payment_receipts" USING btree ("created_at") WHERE "payment_receipts"."status" = 'disputed';--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "item_events_kind_created_idx" ON "item_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at","id");