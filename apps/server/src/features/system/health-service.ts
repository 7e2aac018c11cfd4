import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from './health-repository.ts';

/** Healthy when the database answers; names the database, storage and mail kinds in use. */
export async function checkHealth(ctx: AppContext) {
  await pingDatabase(ctx.db);
  return { status: 'ok' as const, database: ctx.database.kind, storage: ctx.storage.kind, mail: ctx.mailer.kind };
}
