import { Container } from '@mantine/core';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { BundleCard, BundleCardSkeleton } from '../../../components/bundle-card.tsx';
import { CardGrid, CardGridItem } from '../../../components/card-grid.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useBundles } from '../api/list-bundles.ts';

/** Every active bundle, newest first. */
export default function BundlesScreen() {
  const bundles = useBundles();
  const rows = pageRows(bundles.data);
  const loading = bundles.isPending || bundles.isFetchingNextPage;
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Bundles" eyebrow="Save on sets" subtitle="Packs that belong together, for one price." />
      {bundles.isError ? <ApiErrorAlert error={bundles.error} title="Bundles did not load" /> : null}
      {!bundles.isError && !loading && rows.length === 0 ? (
        <EmptyState title="No bundles yet">When creators group their packs into bundles, they appear here.</EmptyState>
      ) : (
        <CardGrid min={200} label="Bundles">
          {rows.map((bundle) => (
            <CardGridItem key={bundle.id}>
              <BundleCard bundle={bundle} />
            </CardGridItem>
          ))}
          {loading
            ? Array.from({ length: rows.length === 0 ? 8 : 4 }, (_, index) => (
                <CardGridItem key={`skeleton-${index}`}>
                  <BundleCardSkeleton />
                </CardGridItem>
              ))
            : null}
        </CardGrid>
      )}
      {bundles.hasNextPage && !loading ? <EndOfList onEndReached={() => void bundles.fetchNextPage()} label="Load more bundles" /> : null}
    </Container>
  );
}
