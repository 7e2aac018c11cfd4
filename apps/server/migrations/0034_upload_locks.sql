CREATE UNLOGGED TABLE "upload_locks" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"release_requested" boolean DEFAULT false NOT NULL
);
