import { Alert, Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ItemDetail } from '@crate/contract/catalogue';
import { genreLabel, instrumentLabel } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { itemBpm, itemDuration, itemKindLabel, itemSummary } from '../../../components/item-list/item-attributes.ts';
import { ItemList } from '../../../components/item-list/item-list.tsx';
import { AddToPlaylistMenu } from '../../../components/library-actions/add-to-playlist-menu.tsx';
import { FavoriteButton } from '../../../components/library-actions/favorite-button.tsx';
import { GetItemButton } from '../../../components/library-actions/get-button.tsx';
import { PackStatusBadge } from '../../../components/pack-status-badge.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { ItemWaveform } from '../../../player/components/item-waveform.tsx';
import { useItem, useSimilarItems } from '../api/get-item.ts';
import { DetailHeader } from '../components/detail-header.tsx';
import { DetailScreenState } from '../components/detail-screen-state.tsx';
import { LicenceBadge } from '../components/licence-badge.tsx';
import { PreviewButton } from '../components/preview-button.tsx';
import { TakedownButton } from '../components/takedown-button.tsx';

/** /item/{slug}: one sound — its waveform to play and seek, every attribute, its pack, and sounds like it. */
export default function ItemScreen() {
  const { slug = '' } = useParams();
  const item = useItem(slug);
  return (
    <DetailScreenState query={item} notFound={{ screenTitle: 'Sound', what: 'sound', browse: { to: '/', label: 'Discover sounds' } }} errorTitle="This sound did not load">
      {(data) => <ItemView key={data.id} item={data} />}
    </DetailScreenState>
  );
}

function ItemView({ item }: { item: ItemDetail }) {
  const from = item.pack ? ` from ${item.pack.title}` : '';
  usePageMeta({ title: item.name, description: `${itemSummary(item)}${from} by ${item.creator.name}. ${item.licence_type}.`, image: item.pack?.cover?.['500x500'] });
  const similar = useSimilarItems(item.slug, { enabled: item.preview !== null || item.type === 'sample' });

  return (
    <Container size="lg" py="xl">
      {item.takedown_reason ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="lg" title="Taken down">
          This sound was taken down: {item.takedown_reason}.
        </Alert>
      ) : null}
      <DetailHeader art={<CoverImage cover={item.pack?.cover ?? null} alt={item.pack ? `Cover of ${item.pack.title}` : ''} size="100%" priority radius="lg" />}>
        <Group gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
            {itemKindLabel(item)}
          </Text>
          {item.pack_status !== null ? <PackStatusBadge status={item.pack_status} published={item.published} /> : null}
          {item.is_free ? (
            <Badge color="teal" variant="filled" size="sm">
              Free
            </Badge>
          ) : null}
        </Group>
        <Title order={1} style={{ fontSize: 'clamp(1.8rem, 4vw, 2.6rem)', lineHeight: 1.1, overflowWrap: 'anywhere' }}>
          {item.name}
        </Title>
        <Text size="lg">
          {item.pack ? (
            <>
              from{' '}
              <Anchor component={Link} to={`/pack/${item.pack.id}`} fw={600}>
                {item.pack.title}
              </Anchor>{' '}
            </>
          ) : null}
          by{' '}
          <Anchor component={Link} to={`/creator/${item.creator.id}`} fw={600}>
            {item.creator.name}
          </Anchor>
        </Text>
        <Text c="dimmed">{itemSummary(item)}</Text>
        <Group gap="sm" mt="xs">
          <PreviewButton item={item} label="Play" />
          {item.published && item.takedown_reason === null ? <GetItemButton item={item} withLabel /> : null}
          {item.abilities.edit ? (
            <>
              <Button component={Link} to={`/${item.type === 'preset' ? 'editpreset' : 'editsample'}/${item.slug}`} variant="subtle" leftSection={<IconEdit size={16} aria-hidden />}>
                Edit
              </Button>
              <Button component={Link} to={`/itemanalytics/${item.slug}`} variant="subtle" leftSection={<IconChartBar size={16} aria-hidden />}>
                Analytics
              </Button>
            </>
          ) : null}
          <FavoriteButton kind="item" id={item.id} name={item.name} favorited={item.favorited} withLabel />
          <AddToPlaylistMenu item={item} withLabel />
          {item.abilities.takedown ? <TakedownButton target="item" id={item.id} name={item.name} /> : null}
        </Group>
      </DetailHeader>

      <Paper withBorder p="md" bg="dark.7" mb="xl">
        <ItemWaveform item={item} height={112} />
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mb={48}>
        <section aria-labelledby="item-details">
          <Title order={2} size="h3" id="item-details" mb="sm">
            Details
          </Title>
          <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '10px 24px', margin: 0 }}>
            <Detail label="Type">{item.type === 'preset' ? 'Preset' : 'Sample'}</Detail>
            {item.type === 'preset' ? <Detail label="Plugin">{item.plugin ?? '–'}</Detail> : <Detail label="Kind">{item.kind ?? '–'}</Detail>}
            <Detail label="Key">{item.key ?? 'Not set (untuned)'}</Detail>
            <Detail label="Tempo">{itemBpm(item) ? `${itemBpm(item)} BPM` : 'Not set'}</Detail>
            <Detail label="Time signature">{item.time_signature ?? 'Not set'}</Detail>
            <Detail label="Feel">{item.feel ? (item.feel === 'swing' ? 'Swing' : 'Straight') : 'Not set'}</Detail>
            <Detail label="Length">{itemDuration(item) ?? 'Being measured'}</Detail>
            <Detail label="Licence">
              <LicenceBadge licence={item.licence_type} />
            </Detail>
            <Detail label="Price">{item.is_free || item.credit_cost === 0 ? 'Free' : `${item.credit_cost} ${item.credit_cost === 1 ? 'credit' : 'credits'}`}</Detail>
            <Detail label="Includes">{[item.has_stems ? 'Stems' : null, item.has_midi ? 'MIDI' : null].filter(Boolean).join(' and ') || 'The sound only'}</Detail>
          </dl>
        </section>
        <section aria-labelledby="item-tags">
          <Title order={2} size="h3" id="item-tags" mb="sm">
            Genres, instruments and tags
          </Title>
          <Stack gap="sm">
            {item.genres.length > 0 ? (
              <Group gap={6}>
                {item.genres.map((genre) => (
                  <Badge key={genre} component={Link} to={`/genres/${genre}`} variant="outline" color="gray" tt="none" style={{ cursor: 'pointer' }}>
                    {genreLabel(genre)}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {item.instruments.length > 0 ? (
              <Group gap={6}>
                {item.instruments.map((instrument) => (
                  <Badge key={instrument} variant="light" tt="none">
                    {instrumentLabel(instrument)}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {item.tags.length > 0 ? (
              <Group gap={6}>
                {item.tags.map((tag) => (
                  <Badge key={tag} variant="default" tt="none" fw={500}>
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {item.genres.length + item.instruments.length + item.tags.length === 0 ? <Text c="dimmed">No tags yet.</Text> : null}
            {item.description ? (
              <Text c="dimmed" mt="sm" style={{ whiteSpace: 'pre-line' }}>
                {item.description}
              </Text>
            ) : null}
          </Stack>
        </section>
      </SimpleGrid>

      <section aria-labelledby="item-similar">
        <SectionHeader id="item-similar" title="Similar sounds" subtitle="Nearest by how they sound: timbre, brightness, rhythm and length." />
        {similar.isError ? (
          <ApiErrorAlert error={similar.error} title="Similar sounds did not load" />
        ) : (
          <ItemList
            items={similar.data?.items ?? []}
            loading={similar.isPending && similar.fetchStatus !== 'idle'}
            label={`Sounds similar to ${item.name}`}
            emptyState={<EmptyState title="Nothing close enough yet">Once this sound has been analysed, sounds like it appear here.</EmptyState>}
          />
        )}
      </section>
    </Container>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" c="dimmed" size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {children}
      </Text>
    </>
  );
}
