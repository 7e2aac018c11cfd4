import type { AppContext } from '../app-context.ts';
import { registerDeriveMediaJob } from '../processing/derive-media-job.ts';

/** Every queue's handler, in one place, so the API process and `npm run worker` run the same jobs. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.handle('mail', async (payload) => {
    await ctx.mailer.send(payload as never);
  });
  registerDeriveMediaJob(ctx);
}
