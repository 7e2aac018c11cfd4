/**
 * A worker for payout-pay-crash.int.test.ts: the real context and job queue on the test's PostgreSQL database,
 * running the queued `payout-pay` job. After HANG_AFTER_TRANSFERS transfers it stops between the provider's
 * answer and recording it — the window a crash can hit — and says so, waiting there to be killed with -9.
 */
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/create-context.ts';

const hangAfter = Number(process.env.HANG_AFTER_TRANSFERS ?? '0');
const ctx = await createContext(loadConfig(process.env), pino({ level: 'warn' }));
const transfer = ctx.payouts.transfer.bind(ctx.payouts);
let made = 0;
ctx.payouts.transfer = async (input) => {
  const answer = await transfer(input);
  made += 1;
  if (made >= hangAfter) {
    process.stdout.write(`transferred ${input.idempotencyKey}; hanging before it is recorded\n`);
    await new Promise(() => {});
  }
  return answer;
};
ctx.jobs.handleWith(ctx);
await ctx.jobs.drain();
process.stdout.write('drained without hanging\n');
await ctx.database.close();
