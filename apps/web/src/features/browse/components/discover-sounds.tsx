import type { StaffPlaylistCard } from '@crate/contract/catalogue';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { useStaffPlaylistPreview } from '../api/list-staff-playlist-items.ts';

/**
 * "Hear it now": the first sounds of the lead staff playlist, playable right on the landing page.
 * Loaded after the page's first paint (its own chunk), so it never slows the landing.
 */
export default function DiscoverSounds({ playlist }: { playlist: StaffPlaylistCard }) {
  const query = useStaffPlaylistPreview(playlist.id);
  return (
    <section aria-labelledby="discover-sounds">
      <SectionHeader id="discover-sounds" title="Hear it now" subtitle={`From the staff playlist ${playlist.title}. Press play, then ↑/↓ to move through them.`} to={`/staffplaylist/${playlist.id}`} linkLabel="Whole playlist" />
      {query.isError ? <ApiErrorAlert error={query.error} title="These sounds did not load" /> : <ItemList items={query.data?.items ?? []} loading={query.isPending} label={`Sounds from ${playlist.title}`} />}
    </section>
  );
}
