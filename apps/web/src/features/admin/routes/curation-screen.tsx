import { Anchor, Avatar, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconStar, IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CreatorCard, PackCard } from '@crate/contract/catalogue';
import { CURATION_LIMITS, type FeaturedCreators, type Reorder, type StaffPicks } from '@crate/contract/curation';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { initials } from '../../../components/creator-card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { useAdminStaffPicks, useFeaturedCreators, useFeaturedCreatorWrites, useLookUpCreators, useLookUpPacks, useStaffPickWrites } from '../api/curation.ts';
import { runCurationWrite } from '../components/curation-feedback.ts';
import { LookupPicker } from '../components/lookup-picker.tsx';
import { PackLine } from '../components/pack-line.tsx';

/** /curation: Discover's two curated shelves, staff picks and featured creators, each chosen by search, ordered and pruned here. */
export default function CurationScreen() {
  const picks = useAdminStaffPicks();
  const pickWrites = useStaffPickWrites();
  const featured = useFeaturedCreators();
  const featuredWrites = useFeaturedCreatorWrites();
  const packId = useCallback((pack: PackCard) => pack.id, []);
  const creatorId = useCallback((creator: CreatorCard) => creator.id, []);
  return (
    <Container size="xl" py="xl">
      <ScreenHeader
        eyebrow="Admin"
        title="Curation"
        subtitle={
          <>
            Staff picks and featured creators, in the order Discover shows them. Staff playlists and bundles have their own screens:{' '}
            <Anchor component={Link} to="/editplaylist">
              staff playlists
            </Anchor>
            ,{' '}
            <Anchor component={Link} to="/managebundle">
              bundles
            </Anchor>
            .
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Shelf<PackCard, StaffPicks>
          title="Staff picks"
          icon={<IconStar size={22} />}
          emptyText="No staff picks: Discover's shelf is empty until you pick packs."
          list={picks}
          entriesOf={picksOf}
          idOf={packId}
          nameOf={(pack) => pack.title}
          render={(pack) => <PackLine pack={pack} />}
          picker={{ label: 'Find published packs to pick', placeholder: 'Pack title or creator', useResults: useLookUpPacks }}
          writes={pickWrites}
        />
        <Shelf<CreatorCard, FeaturedCreators>
          title="Featured creators"
          icon={<IconUsers size={22} />}
          emptyText="No featured creators: Discover's shelf is empty until you feature some."
          list={featured}
          entriesOf={creatorsOf}
          idOf={creatorId}
          nameOf={(creator) => creator.name}
          render={(creator) => <CreatorLine creator={creator} />}
          picker={{ label: 'Find creators to feature', placeholder: 'Creator name', useResults: useLookUpCreators }}
          writes={featuredWrites}
        />
      </SimpleGrid>
    </Container>
  );
}

const picksOf = (data: StaffPicks) => data.packs;
const creatorsOf = (data: FeaturedCreators) => data.creators;

interface ShelfProps<T, D extends { version: string }> {
  title: string;
  icon: ReactNode;
  emptyText: string;
  list: UseQueryResult<D>;
  entriesOf(data: D): T[];
  idOf(entry: T): string;
  nameOf(entry: T): string;
  render(entry: T): ReactNode;
  picker: { label: string; placeholder: string; useResults(q: string): UseQueryResult<T[]> };
  writes: { add: { mutateAsync(id: string): Promise<unknown>; isPending: boolean }; remove: { mutateAsync(id: string): Promise<unknown>; isPending: boolean }; reorder: { mutateAsync(body: Reorder): Promise<unknown>; isPending: boolean } };
}

/** One curated shelf: a picker, and the shelf in order with its handles and remove buttons. */
function Shelf<T, D extends { version: string }>({ title, icon, emptyText, list, entriesOf, idOf, nameOf, render, picker, writes }: ShelfProps<T, D>) {
  const entries = useMemo(() => (list.data ? entriesOf(list.data) : []), [list.data, entriesOf]);
  const chosen = useMemo(() => new Set(entries.map(idOf)), [entries, idOf]);
  const busy = writes.add.isPending || writes.remove.isPending || writes.reorder.isPending;
  const headingId = `shelf-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card bg="dark.7" withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {title}
      </Title>
      {list.isPending ? (
        <CenteredLoader label={`Loading ${title.toLowerCase()}…`} />
      ) : list.isError ? (
        <ApiErrorAlert error={list.error} title={`Could not load the ${title.toLowerCase()}`} />
      ) : (
        <Stack gap="lg">
          {entries.length >= CURATION_LIMITS.shelfMax ? (
            <Text size="sm" c="dimmed">
              This shelf is full ({CURATION_LIMITS.shelfMax}): remove one to add another.
            </Text>
          ) : (
            <LookupPicker<T> {...picker} idOf={idOf} nameOf={nameOf} render={render} chosen={chosen} onPick={(entry) => runCurationWrite(() => writes.add.mutateAsync(idOf(entry)))} />
          )}
          {entries.length === 0 ? (
            <EmptyState title={`No ${title.toLowerCase()}`} icon={icon}>
              {emptyText}
            </EmptyState>
          ) : (
            <SortableList<T>
              items={entries}
              idOf={idOf}
              nameOf={nameOf}
              label={`${title}, in order`}
              render={render}
              onMove={(ids) => runCurationWrite(() => writes.reorder.mutateAsync({ ids, version: list.data!.version }))}
              onRemove={(entry) => void runCurationWrite(() => writes.remove.mutateAsync(idOf(entry)))}
              disabled={busy}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}

function CreatorLine({ creator }: { creator: CreatorCard }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={creator.avatar?.['75x75'] ?? null} alt="" size={40} radius="xl" color="ember">
        {initials(creator.name)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {creator.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {creator.pack_count} published {creator.pack_count === 1 ? 'pack' : 'packs'}
          {creator.location ? ` · ${creator.location}` : ''}
        </Text>
      </div>
    </Group>
  );
}
