/**
 * `npm run sandbox:clock -- <email> [pay|fail]`: moves the user's sandbox subscription to its next period
 * (decision 0023) — a renewal, the end of a cancelled plan, or a failed renewal. The events it makes are
 * queued; the server's job workers deliver them to the webhook endpoint (at once when it is running on
 * PostgreSQL; on the embedded PGlite database run this while the server is stopped, and they go out at
 * its next start).
 */
import { loadConfig } from '../../../config.ts';
import { createContext, createLogger } from '../../../create-context.ts';
import { advanceTestClockByEmail } from '../billing-service.ts';

const [email, outcome] = process.argv.slice(2);
if (!email || (outcome !== undefined && outcome !== 'pay' && outcome !== 'fail')) {
  console.error('usage: npm run sandbox:clock -- <email> [pay|fail]');
  process.exit(2);
}
const config = loadConfig();
const ctx = await createContext(config, createLogger({ ...config, logLevel: 'warn' }));
try {
  const result = await advanceTestClockByEmail(ctx, email, outcome as 'pay' | 'fail' | undefined);
  console.log(`${email}: subscription ${result.status}, period ${result.current_period_start} → ${result.current_period_end}; ${result.events.length} event(s) queued for delivery`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await ctx.database.close();
}
