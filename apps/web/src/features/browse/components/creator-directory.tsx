import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CardGrid, CardGridItem } from '../../../components/card-grid.tsx';
import { CreatorCard, CreatorCardSkeleton } from '../../../components/creator-card.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { useCreators } from '../api/list-creators.ts';

/** Creators with published packs, as an infinitely loading card grid (Creators and Browse users both show it). */
export function CreatorDirectory({ firstSkeletons }: { firstSkeletons: number }) {
  const creators = useCreators();
  const rows = pageRows(creators.data);
  const loading = creators.isPending || creators.isFetchingNextPage;
  return (
    <>
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
            ? Array.from({ length: rows.length === 0 ? firstSkeletons : 3 }, (_, index) => (
                <CardGridItem key={`skeleton-${index}`}>
                  <CreatorCardSkeleton />
                </CardGridItem>
              ))
            : null}
        </CardGrid>
      )}
      {creators.hasNextPage && !loading ? <EndOfList onEndReached={() => void creators.fetchNextPage()} label="Load more creators" /> : null}
    </>
  );
}
