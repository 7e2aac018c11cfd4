CREATE TABLE "sign_in_failures" (
	"scope" text NOT NULL,
	"client" text NOT NULL,
	"email" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "sign_in_failures_scope_client_email_pk" PRIMARY KEY("scope","client","email")
);
--> statement-breakpoint
CREATE TABLE "play_budgets" (
	"network" text NOT NULL,
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"anonymous_plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "play_budgets_network_day_scope_pk" PRIMARY KEY("network","day","scope")
);
--> statement-breakpoint
CREATE TABLE "preview_serves" (
	"listener" text NOT NULL,
	"file_id" uuid NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	CONSTRAINT "preview_serves_listener_file_id_pk" PRIMARY KEY("listener","file_id")
);
--> statement-breakpoint
DROP TABLE "sign_in_throttles" CASCADE;--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_idx" ON "sign_in_failures" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_idx" ON "sign_in_failures" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "play_budgets_day_idx" ON "play_budgets" USING btree ("day");--> statement-breakpoint
CREATE INDEX "preview_serves_served_idx" ON "preview_serves" USING btree ("served_at");