import { Alert, Anchor, Avatar, Badge, Box, Container, Group, Text, Title } from '@mantine/core';
import { IconEyeOff, IconMapPin, IconWorld } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { CreatorDetail } from '@crate/contract/catalogue';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CreatorBanner } from '../../../components/creator-banner.tsx';
import { initials } from '../../../components/creator-card.tsx';
import { pageRows } from '../../../components/cursor-pages.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PackGrid } from '../../../components/pack-grid.tsx';
import { usePageMeta } from '../../../components/page-meta.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useCreator, useCreatorPacks } from '../api/get-creator.ts';
import { DetailHeader } from '../components/detail-header.tsx';
import { DetailScreenState } from '../components/detail-screen-state.tsx';

/** /creator/{id} and /collections/{slug}: who the creator is and all their packs (the unpublished ones too, for them). */
export default function CreatorProfileScreen() {
  const params = useParams();
  const ref = params.id ?? params.slug ?? '';
  const creator = useCreator(ref);
  return (
    <DetailScreenState query={creator} skeleton={<PackGrid packs={[]} loading skeletons={5} />} notFound={{ screenTitle: 'Creator', what: 'creator', browse: { to: '/creators', label: 'All creators' } }} errorTitle="This creator did not load">
      {(data) => <CreatorView creator={data} creatorRef={ref} />}
    </DetailScreenState>
  );
}

/** Only http(s) links are shown as links (the server accepts no other); anything else is left out. */
function safeLinks(links: readonly string[]): URL[] {
  return links.flatMap((link) => {
    try {
      const parsed = new URL(link);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

/** How a link reads: its host, with the path when the host alone would not tell two links apart. */
const linkLabel = (url: URL) => `${url.host.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;

function CreatorView({ creator, creatorRef }: { creator: CreatorDetail; creatorRef: string }) {
  usePageMeta({
    title: creator.name,
    description: (creator.bio || `${creator.name} on Crate: ${creator.pack_count} packs.`).slice(0, 240),
    image: creator.avatar?.['500x500'],
  });
  const packs = useCreatorPacks(creatorRef, true);
  const rows = pageRows(packs.data);
  const hasUnpublished = rows.some((pack) => !pack.published);
  const links = safeLinks(creator.links);
  const joined = new Date(creator.joined_at).toLocaleDateString(undefined, { year: 'numeric', month: 'long' });

  return (
    <Container size="lg" py="xl">
      {creator.banner ? (
        <Box mb="xl">
          <CreatorBanner banner={creator.banner} name={creator.name} />
        </Box>
      ) : null}
      <DetailHeader
        art={
          <Avatar
            src={creator.avatar?.['500x500'] ?? null}
            alt={`${creator.name}`}
            radius={999}
            color="ember"
            style={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }}
            styles={{ placeholder: { fontSize: 72 } }}
          >
            {initials(creator.name)}
          </Avatar>
        }
      >
        <Group gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
            Creator
          </Text>
          {creator.featured ? (
            <Badge variant="light" size="sm">
              Featured
            </Badge>
          ) : null}
        </Group>
        <Title order={1} style={{ fontSize: 'clamp(1.8rem, 4vw, 2.75rem)', lineHeight: 1.1 }}>
          {creator.name}
        </Title>
        <Group gap="lg" c="dimmed">
          {creator.location ? (
            <Group gap={4}>
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{creator.location}</Text>
            </Group>
          ) : null}
          <Text size="sm">
            {creator.pack_count} {hasUnpublished ? 'published ' : ''}
            {creator.pack_count === 1 ? 'pack' : 'packs'} · on Crate since {joined}
          </Text>
        </Group>
        {creator.bio ? (
          <Text size="lg" maw={680} style={{ whiteSpace: 'pre-line' }}>
            {creator.bio}
          </Text>
        ) : null}
        {links.length > 0 ? (
          <Group gap="md" component="ul" aria-label={`${creator.name}'s links`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {links.map((url) => (
              <Group key={url.href} gap={4} component="li">
                <IconWorld size={16} aria-hidden />
                <Anchor href={url.href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                  {linkLabel(url)}
                </Anchor>
              </Group>
            ))}
          </Group>
        ) : null}
      </DetailHeader>

      <section aria-labelledby="creator-packs">
        <SectionHeader id="creator-packs" title="Packs" />
        {hasUnpublished ? (
          <Alert variant="light" color="gray" icon={<IconEyeOff size={18} />} mb="lg">
            Packs marked “Not published” are visible only to you, your collaborators and admins.
          </Alert>
        ) : null}
        {packs.isError ? (
          <ApiErrorAlert error={packs.error} title="The packs did not load" />
        ) : (
          <PackGrid
            packs={rows}
            loading={packs.isPending || packs.isFetchingNextPage}
            onEndReached={packs.hasNextPage ? () => void packs.fetchNextPage() : undefined}
            label={`Packs by ${creator.name}`}
            emptyState={<EmptyState title="No packs out yet">{creator.name} has not published a pack yet.</EmptyState>}
          />
        )}
      </section>
    </Container>
  );
}
