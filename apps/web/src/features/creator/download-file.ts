import { notifications } from '@mantine/notifications';
import { errorFromResponse } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrorMessage } from '../../lib/api-error-messages.ts';

/** The file name a Content-Disposition header gives (its UTF-8 form first), if any. */
function attachmentName(header: string | null): string | null {
  const encoded = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? null;
}

/**
 * Downloads a file through fetch rather than a plain link, so a refused export (the export budget, decision
 * 0035: 429 with the server's words) is a message on this page instead of a tab of JSON.
 */
export async function downloadThroughFetch(url: string, fallbackName: string, failureTitle: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw errorFromResponse(response.status, await response.json().catch(() => undefined), response.headers);
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
    link.click();
    URL.revokeObjectURL(href);
  } catch (error) {
    // The server's refusal is written for people (how long to wait); anything else gets the usual wording.
    const message = error instanceof ApiError && error.status ? error.message : apiErrorMessage(error);
    notifications.show({ color: 'red', title: failureTitle, message });
  }
}

