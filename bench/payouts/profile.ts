/**
 * Where a month's computation spends its time: every statement the app's pool sends, timed (a promise from
 * `query`) or recorded as streamed (a cursor or stream submitted to it), and EXPLAIN (ANALYZE, BUFFERS) of the
 * slowest, run again inside a transaction that is rolled back (an INSERT … SELECT's plan is read without keeping
 * its rows).
 */
import type pg from 'pg';
import { StatementNamingClient } from '../../apps/server/src/db/prepared.ts';

export interface TracedStatement {
  text: string;
  values: unknown[];
  /** Wall time until the promise settled; null for a cursor or stream (read in pieces by its caller). */
  ms: number | null;
}

/** Times every statement the app's pools send from now until `stop()`. */
export function traceStatements(): { statements: TracedStatement[]; stop: () => void } {
  const statements: TracedStatement[] = [];
  const original = StatementNamingClient.prototype.query;
  StatementNamingClient.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    // drizzle passes the values beside the config ({ text }, values); others inside it.
    const values = (config as { values?: unknown[] } | null)?.values ?? (Array.isArray(rest[0]) ? rest[0] : []);
    const entry: TracedStatement = { text, values: Array.isArray(values) ? values : [], ms: null };
    statements.push(entry);
    const t0 = performance.now();
    const result = (original as (this: pg.Client, ...args: unknown[]) => unknown).call(this, config, ...rest);
    if (result instanceof Promise) void result.then(() => (entry.ms = performance.now() - t0), () => (entry.ms = performance.now() - t0));
    return result;
  } as pg.Client['query'];
  return { statements, stop: () => void (StatementNamingClient.prototype.query = original) };
}

/** Reads only: the writes of a draft (a thousand lines a statement) are not where a month's time goes. */
const isRead = (text: string) => /^\s*(select|with)\s/i.test(text) && !/pg_advisory/i.test(text);

/** EXPLAIN ANALYZE of the `top` slowest reads (and every streamed one), each in a rolled-back transaction. */
export async function explainSlowest(client: pg.Client, statements: TracedStatement[], top = 3): Promise<string> {
  const candidates = statements.filter((s) => isRead(s.text));
  const timed = candidates.filter((s) => s.ms !== null).sort((a, b) => b.ms! - a.ms!).slice(0, top);
  const streamed = candidates.filter((s) => s.ms === null);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of [...timed, ...streamed]) {
    if (seen.has(s.text)) continue;
    seen.add(s.text);
    out.push(`── ${s.ms === null ? 'streamed (cursor)' : `${(s.ms / 1000).toFixed(2)} s`}\n${s.text}\n-- values: ${JSON.stringify(s.values).slice(0, 500)}`);
    await client.query('begin');
    try {
      // As the app's sessions plan (db/client.ts): one generic plan, blind to the month's values.
      await client.query('set local plan_cache_mode = force_generic_plan');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, verbose off) ${s.text}`, s.values);
      out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    } catch (error) {
      out.push(`(explain failed: ${(error as Error).message})`);
    } finally {
      await client.query('rollback');
    }
  }
  return out.join('\n\n') + '\n';
}
