import type { Download } from '@crate/contract/commerce';
import type { listDownloads } from './download-service.ts';

type DownloadRow = Awaited<ReturnType<typeof listDownloads>>[number];

export function presentDownload(r: DownloadRow): Download {
  return { id: r.id, item_id: r.itemId, item_slug: r.itemSlug, item_name: r.itemName, pack_title: r.packTitle, downloaded_at: r.downloadedAt.toISOString() };
}
