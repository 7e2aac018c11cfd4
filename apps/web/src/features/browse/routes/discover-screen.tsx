import { Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Discover } from '@crate/contract/catalogue';
import { CardGrid, CardGridItem } from '../../../components/card-grid.tsx';
import { CreatorCard, CreatorCardSkeleton } from '../../../components/creator-card.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { StaffPlaylistCard } from '../../../components/staff-playlist-card.tsx';
import { documentNavigationType } from '../../../lib/document-navigation.ts';
import { useDiscover } from '../api/get-discover.ts';
import { DiscoverBanners, DiscoverBannersSkeleton } from '../../../components/discover-banners.tsx';
import { GenreChips } from '../components/genre-chips.tsx';

// Only a failed or empty Discover shows these: their code is not part of the landing page's first load.
const ApiErrorAlert = lazy(() => import('../../../components/api-error-alert.tsx').then((module) => ({ default: module.ApiErrorAlert })));
const EmptyState = lazy(() => import('../../../components/empty-state.tsx').then((module) => ({ default: module.EmptyState })));

// The playable list (menus, popovers, the item list) arrives after the landing page has painted.
const DiscoverSounds = lazy(() => import('../components/discover-sounds.tsx'));

/** The landing page: banners, staff picks, sounds to hear at once, new and trending packs, genres, creators, staff playlists. */
export default function DiscoverScreen() {
  const discover = useDiscover();
  const data = discover.data;
  const loading = discover.isPending;
  const empty =
    data !== undefined &&
    data.banners.length + data.staff_picks.length + data.new_packs.length + data.trending_packs.length + data.featured_creators.length + data.staff_playlists.length === 0;
  const lowerData = useLaterData(data);

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.14em' }}>
            Sample packs · Samples · Presets · Bundles
          </Text>
          <Title order={1} mt={4}>
            Discover
          </Title>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/genres" variant="default" size="sm">
            Browse genres
          </Button>
          <Button component={Link} to="/staffpicks" variant="light" size="sm">
            Staff picks
          </Button>
        </Group>
      </Group>

      <Suspense fallback={null}>
        {discover.isError ? <ApiErrorAlert error={discover.error} title="Discover did not load" /> : null}

        {empty ? (
          <EmptyState title="The shelves are still empty">
            New packs, staff picks and trending sounds appear here as soon as creators publish them. Making sounds yourself?{' '}
            <Anchor component={Link} to="/sellmypacks" inherit>Sell your packs on Crate</Anchor>.
          </EmptyState>
        ) : null}
      </Suspense>

      <Stack gap={48}>
        {loading ? <DiscoverBannersSkeleton /> : data && data.banners.length > 0 ? <DiscoverBanners banners={data.banners} /> : null}

        {loading || (data && data.staff_picks.length > 0) ? (
          <section aria-labelledby="discover-staff-picks">
            <SectionHeader id="discover-staff-picks" title="Staff picks" subtitle="Packs our curators keep coming back to." to="/staffpicks" />
            <PackGrid packs={data?.staff_picks ?? []} loading={loading} shelf skeletons={6} label="Staff picks" />
          </section>
        ) : null}

        <LowerShelves data={lowerData} loading={!discover.isError && lowerData === undefined} />
      </Stack>
    </Container>
  );
}

/** Everything under the staff picks: sounds to hear at once, new and trending packs, genres, creators, staff playlists. */
function LowerShelves({ data, loading }: { data: Discover | undefined; loading: boolean }) {
  const leadPlaylist = data?.staff_playlists.find((playlist) => playlist.item_count > 0);
  return (
    <>
      {leadPlaylist ? (
        <WhenNearViewport placeholder={<Skeleton height={420} radius="lg" />}>
          <Suspense fallback={<Skeleton height={420} radius="lg" />}>
            <DiscoverSounds playlist={leadPlaylist} />
          </Suspense>
        </WhenNearViewport>
      ) : null}

      {loading || (data && data.new_packs.length > 0) ? (
        <section aria-labelledby="discover-new">
          <SectionHeader id="discover-new" title="New packs" subtitle="Fresh from the creators." />
          <PackGrid packs={data?.new_packs ?? []} loading={loading} shelf skeletons={6} label="New packs" eagerCount={0} />
        </section>
      ) : null}

      {data && data.trending_packs.length > 0 ? (
        <section aria-labelledby="discover-trending">
          <SectionHeader id="discover-trending" title="Trending" subtitle="The packs producers played and downloaded most this week." />
          <PackGrid packs={data.trending_packs} shelf label="Trending packs" eagerCount={0} />
        </section>
      ) : null}

      {data && data.genres.length > 0 ? (
        <section aria-labelledby="discover-genres">
          <SectionHeader id="discover-genres" title="Genres" to="/genres" linkLabel="All genres" />
          <GenreChips genres={data.genres} label="Genres with packs" />
        </section>
      ) : null}

      {loading || (data && data.featured_creators.length > 0) ? (
        <section aria-labelledby="discover-creators">
          <SectionHeader id="discover-creators" title="Featured creators" to="/creators" linkLabel="All creators" />
          <CardGrid min={240} label="Featured creators">
            {loading
              ? Array.from({ length: 4 }, (_, index) => (
                  <CardGridItem key={index}>
                    <CreatorCardSkeleton />
                  </CardGridItem>
                ))
              : data!.featured_creators.map((creator) => (
                  <CardGridItem key={creator.id}>
                    <CreatorCard creator={creator} />
                  </CardGridItem>
                ))}
          </CardGrid>
        </section>
      ) : null}

      {data && data.staff_playlists.length > 0 ? (
        <section aria-labelledby="discover-playlists">
          <SectionHeader id="discover-playlists" title="Staff playlists" subtitle="Sounds picked across packs, for a mood or a job." />
          <CardGrid shelf label="Staff playlists">
            {data.staff_playlists.map((playlist) => (
              <CardGridItem key={playlist.id}>
                <StaffPlaylistCard playlist={playlist} />
              </CardGridItem>
            ))}
          </CardGrid>
        </section>
      ) : null}
    </>
  );
}

/** Whether Discover has rendered in this document yet (see useLaterData). */
let rendered = false;

/**
 * The answer, for the lower shelves: on a fresh visit they get it one render after the top of the page
 * (React's deferred value), so the banners and staff picks are committed and painted without waiting for
 * the rest of the page, which follows at once. A reload, back/forward or later visit renders a cached
 * answer everywhere at once: the scroll position they restore needs the whole page.
 */
function useLaterData(data: Discover | undefined): Discover | undefined {
  const [split] = useState(() => !rendered && documentNavigationType() === 'navigate');
  useEffect(() => {
    rendered = true;
  }, []);
  return useDeferredValue(data ?? null, split ? null : undefined) ?? undefined;
}

/**
 * Renders its children once the spot scrolls into view, or as soon as the visitor does anything
 * (scrolls, moves the pointer, touches, types): below the fold, it never weighs on the first load.
 */
function WhenNearViewport({ children, placeholder }: { children: React.ReactNode; placeholder: React.ReactNode }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = spot.current;
    if (near || !element) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show());
    observer.observe(element);
    const events = ['scroll', 'pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
    for (const type of events) window.addEventListener(type, show, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of events) window.removeEventListener(type, show);
    };
  }, [near]);
  return <div ref={spot}>{near ? children : placeholder}</div>;
}
