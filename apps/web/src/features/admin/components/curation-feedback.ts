import { notifications } from '@mantine/notifications';
import { apiErrorMessage } from '../../../lib/api-error-messages.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** A refused curation write, said: a stale order (409 from another tab) is reloaded, anything else is the server's message. */
function notifyCurationError(error: unknown): void {
  if (isApiError(error, 'CONFLICT')) {
    notifications.show({ color: 'yellow', title: 'Not saved: this changed meanwhile', message: `${apiErrorMessage(error)} It has been reloaded.` });
  } else {
    notifications.show({ color: 'red', title: 'Not saved', message: apiErrorMessage(error) });
  }
}

/** Runs a write; a refusal is told and swallowed (the list reloads itself). */
export async function runCurationWrite(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    notifyCurationError(error);
  }
}
