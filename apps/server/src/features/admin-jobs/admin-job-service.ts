/** The job queue as admins see it: counts and recent failures, read as they are (no rule to apply). */
export { countJobsByNameAndState, latestFailedJobs } from './admin-job-repository.ts';
