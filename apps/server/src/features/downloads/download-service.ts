/** What a user downloaded, newest first, read as it is (no rule to apply): their library and an admin's view of the account. */
export { listDownloads } from './download-repository.ts';
