import { describe, expect, test } from 'vitest';
import type { PackCard } from '@crate/contract/catalogue';
import { PACK_STATUS } from '@crate/contract/pack-status';
import { packPreviewItem } from './pack-preview-item.ts';

const pack: PackCard = {
  id: 'p1',
  slug: 'chrome-arp',
  title: 'Chrome Arp',
  creator: { id: 'c1', slug: 'ada', name: 'Ada' },
  cover: null,
  licence_type: 'Royalty-Free',
  genres: ['house'],
  item_count: 12,
  is_free: false,
  published_at: null,
  status: PACK_STATUS.published,
  published: true,
  preview: { url: '/api/media/f1/preview-mp3', peaks_url: '/api/media/f1/waveform-peaks', duration_ms: 30000 },
};

describe('packPreviewItem', () => {
  test('plays the pack preview under its own id and links the bar to the pack', () => {
    expect(packPreviewItem(pack)).toMatchObject({
      id: 'pack-preview:p1',
      name: 'Chrome Arp — pack preview',
      preview: pack.preview,
      pack: { id: 'p1', slug: 'chrome-arp', title: 'Chrome Arp', cover: null },
      href: '/pack/p1',
    });
  });

  test('is nothing for a pack without a preview', () => {
    expect(packPreviewItem({ ...pack, preview: null })).toBeNull();
  });
});
