import type { Readiness } from '@crate/contract/health';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { IndexedSearchEngine } from '../search/search-service.ts';

/** Longer than any healthy answer, shorter than a load balancer's check timeout: past it the database counts as unreachable. */
const DATABASE_ANSWER_MS = 2_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process should get traffic (docs/decisions/0065): the database answers (within DATABASE_ANSWER_MS),
 * it has every migration this code ships, and the in-memory search index has loaded (when it is the engine).
 * Ready answers what each check found; not ready is 503 UNAVAILABLE naming every check that failed.
 */
export async function checkReadiness(ctx: AppContext, searchIndex: Pick<IndexedSearchEngine, 'status'> | null): Promise<Readiness> {
  const problems: string[] = [];
  try {
    // One query proves both: the database answers, and it has the migrations this code expects.
    const pending = await withinTime(ctx.database.pendingMigrations(), DATABASE_ANSWER_MS);
    if (pending > 0) problems.push(`the database lacks ${pending} migration${pending === 1 ? '' : 's'} this version needs`);
  } catch (error) {
    ctx.log.warn({ err: error }, 'readiness: the database did not answer');
    problems.push('the database did not answer');
  }
  const index = ctx.config.searchIndex.kind === 'memory' ? searchIndex?.status() : null;
  if (ctx.config.searchIndex.kind === 'memory' && (!index || index.loading)) problems.push('the search index is still loading');
  if (problems.length > 0) throw new AppError('UNAVAILABLE', `Not ready: ${problems.join('; ')}.`);
  return { status: 'ready', checks: { database: 'ok', migrations: 'ok', search_index: index?.ready ? 'ok' : 'postgres' } };
}
