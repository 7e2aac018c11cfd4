import { Alert, Container } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CardGrid, CardGridItem } from '../../../components/card-grid.tsx';
import { CreatorCard, CreatorCardSkeleton } from '../../../components/creator-card.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { useCreators } from '../api/list-creators.ts';

/**
 * The browse-users screen (SPEC §2 names it, route not shown). Producers' accounts are private on
 * Crate — what someone plays, hearts and downloads is theirs — so the people there are to browse
 * are the ones who publish: creators. The page says so instead of inventing profiles.
 */
export default function UsersScreen() {
  const creators = useCreators();
  const rows = pageRows(creators.data);
  const loading = creators.isPending || creators.isFetchingNextPage;
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title="Browse users" subtitle="The people behind the sounds on Crate." />
      <Alert variant="light" color="gray" icon={<IconLock size={18} />} mb="xl" maw={760}>
        Producers&apos; accounts are private: what you play, heart, collect and download is yours alone, so there is no public list of
        listeners. The people you can browse are the creators who publish here — every one below has at least one pack out.
      </Alert>
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
            ? Array.from({ length: rows.length === 0 ? 6 : 3 }, (_, index) => (
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
