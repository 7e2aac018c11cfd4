import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import { JOB_NAMES, JOB_STATES, type AdminJobs, type JobState } from '@crate/contract/jobs';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { countJobsByNameAndState, latestFailedJobs } from './admin-job-service.ts';

/** The admin view of the job queue: is anything stuck or failing, and why. */
export function registerAdminJobRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.adminJobs, async ({ query }): Promise<AdminJobs> => {
    const [counts, failures] = await Promise.all([countJobsByNameAndState(ctx.db), latestFailedJobs(ctx.db, query.failures)]);
    const zero = () => Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
    // The jobs this process runs (the sandbox's only with the sandbox), in the contract's order.
    const queues = JOB_NAMES.flatMap((name) => {
      const lane = ctx.jobs.lanes.get(name);
      return lane ? [{ name, lane, counts: zero() }] : [];
    });
    for (const row of counts) {
      const queue = queues.find((q) => q.name === row.name);
      if (queue) queue.counts[row.state] = row.count;
    }
    return {
      queues,
      failures: failures.map((job) => ({
        id: job.id,
        name: job.name,
        attempts: job.attempts,
        max_attempts: job.maxAttempts,
        error: job.lastError,
        created_at: job.createdAt.toISOString(),
        failed_at: job.finishedAt?.toISOString() ?? null,
      })),
    };
  });
}
