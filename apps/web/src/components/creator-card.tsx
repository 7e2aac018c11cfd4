import { Anchor, Avatar, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CreatorCard as CreatorCardData } from '@crate/contract/catalogue';

/** A creator in a directory or on Discover: avatar, name, where they make music, how many packs. */
export function CreatorCard({ creator }: { creator: CreatorCardData }) {
  return (
    <Paper withBorder p="md" bg="dark.7" h="100%" data-creator-id={creator.id} style={{ position: 'relative' }}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={creator.avatar?.['250x250'] ?? null} alt="" size={56} radius="xl" color="ember">
            {initials(creator.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/creator/${creator.id}`} fw={700} c="dark.0" truncate="end">
              {creator.name}
            </Anchor>
            {creator.location ? (
              <Text size="xs" c="dimmed" truncate="end">
                {creator.location}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {creator.bio ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {creator.bio}
          </Text>
        ) : null}
        <Group gap={6}>
          <Badge variant="default" tt="none" fw={500}>
            {creator.pack_count} {creator.pack_count === 1 ? 'pack' : 'packs'}
          </Badge>
          {creator.featured ? (
            <Badge variant="light" tt="none">
              Featured
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

export function CreatorCardSkeleton() {
  return (
    <Paper withBorder p="md" bg="dark.7" aria-hidden>
      <Group gap="sm" wrap="nowrap">
        <Skeleton circle height={56} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="70%" />
          <Skeleton height={10} width="40%" />
        </Stack>
      </Group>
      <Skeleton height={10} mt="md" />
      <Skeleton height={10} mt={6} width="80%" />
    </Paper>
  );
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
