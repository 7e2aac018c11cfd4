/**
 * The whole Crate data model (docs/product-overview.md §3), one Drizzle file per domain. drizzle-kit generates migrations
 * from this index (`npm run db:generate`), and the code imports tables from here.
 *
 * Conventions: snake_case columns; ids are generated (uuid for our rows, text for the auth library's);
 * money is integer minor units plus currency; credits live in a ledger whose balance is derived;
 * rows anybody paid for are never deleted (no cascading deletes from users to what they own).
 * Every enum's values come from @crate/contract, so the wire, the UI and the database share one list.
 */
export * from './accounts.ts';
export * from './creators.ts';
export * from './catalogue.ts';
export * from './curation.ts';
export * from './commerce.ts';
export * from './payments-sandbox.ts';
export * from './payouts.ts';
export * from './tracking.ts';
export * from './jobs.ts';
export * from './limits.ts';
export * from './releases.ts';
