-- Search (docs/decisions/0008-search-in-postgres.md) needs three contrib extensions, present in PostgreSQL's
-- contrib package and loaded by PGlite in db/client.ts: pg_trgm (typo tolerance), cube (similar sounds by
-- audio features) and btree_gin (scalar facets inside GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
