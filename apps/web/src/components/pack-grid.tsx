import { lazy, Suspense, type ReactNode } from 'react';
import type { PackCard as PackCardData } from '@crate/contract/catalogue';
import { CardGrid, CardGridItem } from './card-grid.tsx';
import { PackCard, PackCardSkeleton } from './pack-card.tsx';

export interface PackGridProps {
  packs: PackCardData[];
  loading?: boolean;
  /** Pass only while there is a next page. */
  onEndReached?(): void;
  emptyState?: ReactNode;
  label?: string;
  shelf?: boolean;
  skeletons?: number;
  /** How many covers load at once instead of lazily (the first row on screen). */
  eagerCount?: number;
}

// Only an empty grid, or one with more pages, shows these: not part of a landing page's first load.
const EmptyState = lazy(() => import('./empty-state.tsx').then((module) => ({ default: module.EmptyState })));
const EndOfList = lazy(() => import('./end-of-list.tsx').then((module) => ({ default: module.EndOfList })));

/** Packs as cover cards, with skeletons while loading, an empty state, and infinite loading. */
export function PackGrid({ packs, loading = false, onEndReached, emptyState, label, shelf = false, skeletons = 10, eagerCount = 4 }: PackGridProps) {
  if (!loading && packs.length === 0) {
    return (
      <>
        {emptyState ?? (
          <Suspense fallback={null}>
            <EmptyState title="No packs here yet" />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <>
      <CardGrid label={label} shelf={shelf}>
        {packs.map((pack, index) => (
          <CardGridItem key={pack.id}>
            <PackCard pack={pack} eager={index < eagerCount} />
          </CardGridItem>
        ))}
        {loading
          ? Array.from({ length: packs.length === 0 ? skeletons : 4 }, (_, index) => (
              <CardGridItem key={`skeleton-${index}`}>
                <PackCardSkeleton />
              </CardGridItem>
            ))
          : null}
      </CardGrid>
      {onEndReached && !loading ? (
        <Suspense fallback={null}>
          <EndOfList onEndReached={onEndReached} label="Load more packs" />
        </Suspense>
      ) : null}
    </>
  );
}
