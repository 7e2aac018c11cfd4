import { Anchor, Container, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPhoto } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { BannerList } from '@crate/contract/banners';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { DiscoverBanners } from '../../../components/discover-banners.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useBanner, useBanners } from '../api/banners.ts';
import { EditedRecordState } from '../components/edited-record-state.tsx';
import { BannerEditor } from '../components/banner-editor.tsx';
import { BannerOrderList } from '../components/banner-order-list.tsx';

/**
 * /editbanner: Discover's banners in their order (drag to reorder, remove), Discover's banner row as visitors see it
 * now, and a new banner; /editbanner/{id}: one banner's editor.
 */
export default function EditBannerScreen() {
  const { id } = useParams();
  return id ? <EditOne id={id} /> : <AllBanners />;
}

/** What Discover shows of the list: the live banners, in order, at most five (as /api/discover). */
const onDiscover = (list: BannerList) =>
  list.banners
    .filter((banner) => banner.live)
    .slice(0, 5)
    .map((banner) => ({ id: banner.id, title: banner.title, subtitle: banner.subtitle, image_url: banner.images['1632x600'] ?? null, size: '1632x600' as const, position: banner.position, link_url: null }));

function AllBanners() {
  const banners = useBanners();
  return (
    <Container size="xl" py="xl">
      <ScreenHeader eyebrow="Admin" title="Banners" subtitle="The banners at the top of Discover: their order, what visitors see now, and a new one." />
      <Stack gap="xl">
        <section aria-labelledby="banner-order">
          <SectionHeader id="banner-order" title="In Discover's order" />
          {banners.isPending ? (
            <CenteredLoader label="Loading the banners…" />
          ) : banners.isError ? (
            <ApiErrorAlert error={banners.error} title="Could not load the banners" />
          ) : banners.data.banners.length === 0 ? (
            <EmptyState title="No banners yet" icon={<IconPhoto size={22} />}>
              Add the first one below; it shows on Discover as soon as it is saved.
            </EmptyState>
          ) : (
            <BannerOrderList list={banners.data} />
          )}
        </section>
        {banners.data && banners.data.banners.some((banner) => banner.live) ? (
          <section aria-labelledby="banner-discover">
            <SectionHeader id="banner-discover" title="Discover now" />
            <Text size="sm" c="dimmed" mb="sm">
              The banners visitors see at this moment, as they see them (the first three; Discover takes a minute at most to follow a change).
            </Text>
            <DiscoverBanners banners={onDiscover(banners.data)} />
          </section>
        ) : null}
        <section aria-labelledby="banner-new">
          <SectionHeader id="banner-new" title="New banner" />
          <BannerEditor />
        </section>
      </Stack>
    </Container>
  );
}

function EditOne({ id }: { id: string }) {
  return (
    <EditedRecordState query={useBanner(id)} what="banner" notFound={{ screenTitle: 'Banners', what: 'banner', browse: { to: '/editbanner', label: 'All banners' } }}>
      {(banner) => (
        <Container size="xl" py="xl">
          <Anchor component={Link} to="/editbanner" size="sm" mb="md" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={14} aria-hidden /> All banners
          </Anchor>
          <ScreenHeader eyebrow="Admin" title="Banners" subtitle={`Editing “${banner.title}”`} />
          {/* Keyed by its version: after a save the form starts again from what was saved. */}
          <BannerEditor key={banner.updated_at} banner={banner} />
        </Container>
      )}
    </EditedRecordState>
  );
}
