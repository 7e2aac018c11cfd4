import { Anchor, Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ItemRow } from '@crate/contract/catalogue';
import type { ArchivedItemRow } from '@crate/contract/search';
import { EndOfList } from '../../../components/end-of-list.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { itemSummary } from '../../../components/item-list/item-attributes.ts';
import { PlayButton } from '../../../player/components/play-button.tsx';
import { isArchivedRow } from '../api/search-items.ts';
import { ArchivedRowActions } from './archived-row-actions.tsx';
import type { ResultsViewProps } from './search-experience.tsx';
import classes from './search.module.css';

const DATE = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The archive as an admin reads it: which sound, from which pack and creator, why it is out (the pack
 * archived, the sound taken down, or both, each with its reason) and Restore. A table rather than the
 * shopper's item list: the reason is the column that matters here. Rows still play inline.
 */
export function ArchivedResultsTable({ items, loading, onEndReached, emptyState, label }: ResultsViewProps) {
  if (items.length === 0 && !loading) return <>{emptyState}</>;
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table layout="fixed" verticalSpacing="sm" highlightOnHover aria-label={label} className={classes.archiveTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={52}>
                <span className={classes.visuallyHidden}>Play</span>
              </Table.Th>
              <Table.Th>Sound</Table.Th>
              <Table.Th className={classes.reasonsColumn}>Out of the catalogue because</Table.Th>
              <Table.Th w={128}>
                <span className={classes.visuallyHidden}>Restore</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <ArchivedRow key={item.id} item={item} list={items} />
            ))}
            {loading
              ? Array.from({ length: items.length === 0 ? 6 : 2 }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`} aria-hidden data-testid="item-list-skeleton">
                    <Table.Td>
                      <Skeleton circle height={34} />
                    </Table.Td>
                    <Table.Td>
                      <Skeleton height={12} width="50%" mb={8} />
                      <Skeleton height={10} width="30%" />
                    </Table.Td>
                    <Table.Td className={classes.reasonsColumn}>
                      <Skeleton height={12} width="60%" />
                    </Table.Td>
                    <Table.Td>
                      <Skeleton height={26} width={96} ml="auto" />
                    </Table.Td>
                  </Table.Tr>
                ))
              : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {onEndReached && !loading ? <EndOfList onEndReached={onEndReached} label="Load more sounds" /> : null}
    </>
  );
}

function ArchivedRow({ item, list }: { item: ItemRow; list: ItemRow[] }) {
  if (!isArchivedRow(item)) return null;
  return (
    <Table.Tr data-item-id={item.id}>
      <Table.Td>
        <PlayButton item={item} list={list} size="lg" />
      </Table.Td>
      <Table.Td>
        <div className={classes.archiveSound}>
          <CoverImage cover={item.pack?.cover ?? null} alt="" size={40} radius="sm" />
          <div className={classes.archiveSoundText}>
            <Anchor component={Link} to={`/item/${item.slug}`} fw={600} size="sm" c="dark.0" className={classes.ellipsis}>
              {item.name}
            </Anchor>
            <Text size="xs" c="dimmed" className={classes.ellipsis}>
              {item.pack ? `${item.pack.title} · ` : ''}
              {item.creator.name} · {itemSummary(item)}
            </Text>
          </div>
        </div>
        {/* Phones: the reasons under the sound, where the column would be off screen. */}
        <div className={classes.reasonsInline}>
          <Reasons item={item} />
        </div>
      </Table.Td>
      <Table.Td className={classes.reasonsColumn}>
        <Reasons item={item} />
      </Table.Td>
      <Table.Td>
        <ArchivedRowActions item={item} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Why the sound is out: its pack archived, itself taken down, or both, each with the recorded reason. */
function Reasons({ item }: { item: ArchivedItemRow }) {
  return (
    <Stack gap={4}>
      {item.pack_archived ? (
        <Text size="sm">
          <Badge color="red" variant="light" size="sm" mr={6}>
            Pack archived
          </Badge>
          {item.pack_takedown_reason ?? 'No reason recorded'}
        </Text>
      ) : null}
      {item.taken_down_at ? (
        <Text size="sm">
          <Badge color="orange" variant="light" size="sm" mr={6}>
            Sound taken down
          </Badge>
          {item.takedown_reason ?? 'No reason recorded'}
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {' '}
            · {DATE.format(new Date(item.taken_down_at))}
          </Text>
        </Text>
      ) : null}
    </Stack>
  );
}
