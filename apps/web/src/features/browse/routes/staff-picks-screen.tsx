import { Container } from '@mantine/core';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useStaffPicks } from '../api/list-staff-picks.ts';

/** Every staff-picked pack, in the curators' order. */
export default function StaffPicksScreen() {
  const picks = useStaffPicks();
  const packs = pageRows(picks.data);
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Staff picks" eyebrow="Curated" subtitle="Packs our curators keep coming back to: well recorded, well named, ready to use." />
      {picks.isError ? (
        <ApiErrorAlert error={picks.error} title="Staff picks did not load" />
      ) : (
        <PackGrid
          packs={packs}
          loading={picks.isPending || picks.isFetchingNextPage}
          onEndReached={picks.hasNextPage ? () => void picks.fetchNextPage() : undefined}
          label="Staff picks"
          emptyState={<EmptyState title="No staff picks yet">Our curators have not picked any packs yet. New packs are on Discover.</EmptyState>}
        />
      )}
    </Container>
  );
}
