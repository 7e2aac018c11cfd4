import { Container } from '@mantine/core';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CardGrid, CardGridItem } from '../../../components/card-grid.tsx';
import { CreatorCard, CreatorCardSkeleton } from '../../../components/creator-card.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useCreators } from '../api/list-creators.ts';

/** The directory of creators with published packs, by name. */
export default function CreatorsScreen() {
  const creators = useCreators();
  const rows = pageRows(creators.data);
  const loading = creators.isPending || creators.isFetchingNextPage;
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Creators" eyebrow="Who makes the sounds" subtitle="Producers, sound designers and labels selling on Crate. Open one to hear all their packs." />
      {creators.isError ? <ApiErrorAlert error={creators.error} title="Creators did not load" /> : null}
      {!creators.isError && !loading && rows.length === 0 ? (
        <EmptyState title="No creators yet">Creators appear here once their first pack is published.</EmptyState>
      ) : (
        <CardGrid min={260} label="Creators">
          {rows.map((creator) => (
            <CardGridItem key={creator.id}>
              <CreatorCard creator={creator} />
            </CardGridItem>
          ))}
          {loading
            ? Array.from({ length: rows.length === 0 ? 9 : 3 }, (_, index) => (
                <CardGridItem key={`skeleton-${index}`}>
                  <CreatorCardSkeleton />
                </CardGridItem>
              ))
            : null}
        </CardGrid>
      )}
      {creators.hasNextPage && !loading ? <EndOfList onEndReached={() => void creators.fetchNextPage()} label="Load more creators" /> : null}
    </Container>
  );
}
