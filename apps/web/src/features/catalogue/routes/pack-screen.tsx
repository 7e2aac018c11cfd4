import { Alert, Anchor, Badge, Button, Container, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconEdit } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { PackDetail } from '@crate/contract/catalogue';
import { genreLabel } from '@crate/contract/taxonomy';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CheckoutReturn } from '../../../components/checkout-return.tsx';
import { BundleCard } from '../../../components/bundle-card.tsx';
import { CardGrid, CardGridItem } from '../../../components/card-grid.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemList, ItemListSkeleton } from '../../../components/item-list/item-list.tsx';
import { FavoriteButton } from '../../../components/library-actions/favorite-button.tsx';
import { BuyButton } from '../../../components/library-actions/buy-button.tsx';
import { DownloadPackButton, GetAllButton } from '../../../components/library-actions/get-button.tsx';
import { LICENCE_TERMS } from '../../../components/licence-terms.ts';
import { formatMoney } from '../../../components/money.ts';
import { PackStatusBadge } from '../../../components/pack-status-badge.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { packPreviewItem } from '../../../player/pack-preview-item.ts';
import { useProfile } from '../../../profile/profile-state.ts';
import { catalogueKeys } from '../api/catalogue-keys.ts';
import { usePack, usePackItems } from '../api/get-pack.ts';
import { DetailHeader } from '../components/detail-header.tsx';
import { DetailScreenState } from '../components/detail-screen-state.tsx';
import { LicenceBadge } from '../components/licence-badge.tsx';
import { PackReviewPanel } from '../components/pack-review-panel.tsx';
import { PackStudioPanel } from '../components/pack-studio-panel.tsx';
import { PreviewButton } from '../components/preview-button.tsx';
import { TakedownButton } from '../components/takedown-button.tsx';

/** /pack/{id} and /products/{slug}: a pack with its preview, licence, every sound in it, and the bundles it is in. */
export default function PackScreen() {
  const params = useParams();
  const ref = params.id ?? params.slug ?? '';
  const pack = usePack(ref);

  return (
    <DetailScreenState query={pack} skeleton={<ItemListSkeleton />} notFound={{ screenTitle: 'Pack', what: 'pack', browse: { to: '/staffpicks', label: 'See staff picks' } }} errorTitle="This pack did not load">
      {(data) => <PackView pack={data} packRef={ref} />}
    </DetailScreenState>
  );
}

function packDescription(pack: PackDetail): string {
  const line = `${pack.item_count} sounds by ${pack.creator.name} · ${pack.licence_type}.`;
  return pack.description ? `${line} ${pack.description}`.slice(0, 240) : line;
}

function PackView({ pack, packRef }: { pack: PackDetail; packRef: string }) {
  usePageMeta({ title: pack.title, description: packDescription(pack), image: pack.cover?.['500x500'] });
  const items = usePackItems(packRef, true);
  const rows = pageRows(items.data);
  const previewItem = useMemo(() => packPreviewItem(pack), [pack]);
  const { is_admin: isAdmin } = useProfile();
  const released = pack.published_at ? new Date(pack.published_at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : null;

  return (
    <Container size="lg" py="xl">
      <CheckoutReturn paidTitle="Pack bought" cancelledHint="buy it whenever you are ready." />
      {pack.takedown_reason ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="lg" title="Taken down">
          This pack was taken down: {pack.takedown_reason}.
        </Alert>
      ) : null}
      <DetailHeader art={<CoverImage cover={pack.cover} alt={`Cover of ${pack.title}`} size="100%" priority radius="lg" />}>
        <Group gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
            Sample pack
          </Text>
          <PackStatusBadge status={pack.status} published={pack.published} />
          {pack.is_free ? (
            <Badge color="teal" variant="filled" size="sm">
              Free
            </Badge>
          ) : null}
        </Group>
        <Title order={1} style={{ fontSize: 'clamp(1.8rem, 4vw, 2.75rem)', lineHeight: 1.1 }}>
          {pack.title}
        </Title>
        <Text size="lg">
          by{' '}
          <Anchor component={Link} to={`/creator/${pack.creator.id}`} fw={600}>
            {pack.creator.name}
          </Anchor>
        </Text>
        <Group gap="xs">
          <LicenceBadge licence={pack.licence_type} />
          <Text size="sm" c="dimmed">
            {pack.item_count} {pack.item_count === 1 ? 'sound' : 'sounds'}
            {released ? ` · released ${released}` : ''}
            {pack.credit_cost !== null ? ` · ${pack.credit_cost} credits` : ''}
            {pack.price_cents !== null ? ` · ${formatMoney(pack.price_cents, pack.currency)}` : ''}
          </Text>
        </Group>
        {pack.genres.length > 0 || pack.tags.length > 0 ? (
          <Group gap={6}>
            {pack.genres.map((genre) => (
              <Badge key={genre} component={Link} to={`/genres/${genre}`} variant="outline" color="gray" tt="none" style={{ cursor: 'pointer' }}>
                {genreLabel(genre)}
              </Badge>
            ))}
            {pack.tags.map((tag) => (
              <Badge key={tag} variant="default" tt="none" fw={500}>
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group gap="sm" mt="xs">
          {previewItem ? <PreviewButton item={previewItem} label="Play pack preview" /> : null}
          {pack.published && pack.item_count > 0 ? (
            <>
              <GetAllButton target="pack" id={pack.id} name={pack.title} price={pack.viewer_price} />
              <BuyButton target="pack" id={pack.id} name={pack.title} price={pack.viewer_price} queryKey={catalogueKeys.pack(packRef)} />
            </>
          ) : null}
          <DownloadPackButton packId={pack.id} name={pack.title} itemIds={rows.map((row) => row.id)} />
          <FavoriteButton kind="pack" id={pack.id} name={pack.title} favorited={pack.favorited} withLabel />
          {pack.abilities.edit ? (
            <>
              <Button component={Link} to={`/packupload/${pack.id}`} variant="subtle" leftSection={<IconEdit size={16} aria-hidden />}>
                Edit pack
              </Button>
              <Button component={Link} to={`/packanalytics/${pack.id}`} variant="subtle" leftSection={<IconChartBar size={16} aria-hidden />}>
                Analytics
              </Button>
            </>
          ) : null}
          {pack.abilities.takedown ? <TakedownButton target="pack" id={pack.id} name={pack.title} /> : null}
        </Group>
      </DetailHeader>

      {isAdmin ? <PackReviewPanel packId={pack.id} /> : pack.abilities.edit && !pack.published ? <PackStudioPanel packId={pack.id} /> : null}

      {pack.description ? (
        <Spoiler maxHeight={72} showLabel="Read more" hideLabel="Show less" mb="xl" maw={760}>
          <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {pack.description}
          </Text>
        </Spoiler>
      ) : null}

      <Stack gap={48}>
        <section aria-labelledby="pack-sounds">
          <SectionHeader id="pack-sounds" title="Sounds" subtitle="Press play on any row, then ↑/↓ to audition the pack. Space pauses." />
          {items.isError ? (
            <ApiErrorAlert error={items.error} title="The sounds did not load" />
          ) : (
            <ItemList
              items={rows}
              loading={items.isPending || items.isFetchingNextPage}
              onEndReached={items.hasNextPage ? () => void items.fetchNextPage() : undefined}
              label={`Sounds in ${pack.title}`}
              hidePack
              emptyState={<EmptyState title="No sounds in this pack yet">Its sounds appear here once they are uploaded and processed.</EmptyState>}
            />
          )}
        </section>

        <section aria-labelledby="pack-licence">
          <SectionHeader id="pack-licence" title={`Licence: ${pack.licence_type}`} to={`/splits#${pack.licence_type.toLowerCase().replace(/\s+/g, '-')}`} linkLabel="All licences explained" />
          <Text c="dimmed" maw={760}>
            {LICENCE_TERMS[pack.licence_type].long.join(' ')}
          </Text>
        </section>

        {pack.bundles.length > 0 ? (
          <section aria-labelledby="pack-bundles">
            <SectionHeader id="pack-bundles" title="In bundles" subtitle="Get this pack together with others." to="/bundles" linkLabel="All bundles" />
            <CardGrid min={200} label="Bundles with this pack">
              {pack.bundles.map((bundle) => (
                <CardGridItem key={bundle.id}>
                  <BundleCard bundle={bundle} />
                </CardGridItem>
              ))}
            </CardGrid>
          </section>
        ) : null}
      </Stack>
    </Container>
  );
}
