import { Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { BundleDetail } from '@crate/contract/catalogue';
import { CoverImage } from '../../../components/cover-image.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CheckoutReturn } from '../../../components/checkout-return.tsx';
import { BuyButton } from '../../../components/library-actions/buy-button.tsx';
import { GetAllButton } from '../../../components/library-actions/get-button.tsx';
import { formatMoney } from '../../../components/money.ts';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { catalogueKeys } from '../api/catalogue-keys.ts';
import { useBundle } from '../api/get-bundle.ts';
import { DetailHeader } from '../components/detail-header.tsx';
import { DetailScreenState } from '../components/detail-screen-state.tsx';

/** /bundle/{id} and /bundles/{slug}: a bundle, its price, and the packs in it. */
export default function BundleScreen() {
  const params = useParams();
  const ref = params.id ?? params.slug ?? '';
  const bundle = useBundle(ref);
  return (
    <DetailScreenState query={bundle} skeleton={<PackGrid packs={[]} loading skeletons={5} />} notFound={{ screenTitle: 'Bundle', what: 'bundle', browse: { to: '/bundles', label: 'All bundles' } }} errorTitle="This bundle did not load">
      {(data) => <BundleView bundle={data} bundleRef={ref} />}
    </DetailScreenState>
  );
}

function BundleView({ bundle, bundleRef }: { bundle: BundleDetail; bundleRef: string }) {
  const sounds = bundle.packs.reduce((sum, pack) => sum + pack.item_count, 0);
  usePageMeta({
    title: bundle.title,
    description: `${bundle.pack_count} packs, ${sounds} sounds in one bundle. ${bundle.description}`.slice(0, 240),
    image: bundle.cover?.['500x500'],
  });
  return (
    <Container size="lg" py="xl">
      <CheckoutReturn paidTitle="Bundle bought" cancelledHint="buy it whenever you are ready." />
      <DetailHeader art={<CoverImage cover={bundle.cover} alt={`Cover of ${bundle.title}`} size="100%" priority radius="lg" />}>
        <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
          Bundle
        </Text>
        <Title order={1} style={{ fontSize: 'clamp(1.8rem, 4vw, 2.75rem)', lineHeight: 1.1 }}>
          {bundle.title}
        </Title>
        <Text c="dimmed" size="lg" maw={680}>
          {bundle.description}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {bundle.pack_count} {bundle.pack_count === 1 ? 'pack' : 'packs'} · {sounds} sounds
          </Text>
          {bundle.price_cents !== null ? (
            <Badge size="lg" variant="default" tt="none">
              {formatMoney(bundle.price_cents, bundle.currency)}
            </Badge>
          ) : null}
          {bundle.credit_cost !== null ? (
            <Badge size="lg" variant="light" tt="none">
              {bundle.credit_cost} credits
            </Badge>
          ) : null}
        </Group>
        {bundle.pack_count > 0 ? (
          <Group gap="sm" mt="xs">
            <GetAllButton target="bundle" id={bundle.id} name={bundle.title} price={bundle.viewer_price} />
            <BuyButton target="bundle" id={bundle.id} name={bundle.title} price={bundle.viewer_price} queryKey={catalogueKeys.bundle(bundleRef)} />
          </Group>
        ) : null}
      </DetailHeader>
      <Stack>
        <SectionHeader title="Packs in this bundle" subtitle="Open a pack to hear its sounds." />
        <PackGrid packs={bundle.packs} label={`Packs in ${bundle.title}`} emptyState={<EmptyState title="This bundle has no packs right now">Its packs may have been taken down.</EmptyState>} />
      </Stack>
    </Container>
  );
}
