import { Anchor, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A section's h2, an optional line under it, and a "See all" link to the full list. */
export function SectionHeader({ title, subtitle, to, linkLabel = 'See all', id }: { title: string; subtitle?: ReactNode; to?: string; linkLabel?: string; id?: string }) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="xs" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Title order={2} id={id}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm" mt={2}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      {to ? (
        <Anchor component={Link} to={to} size="sm" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
          {linkLabel} <IconArrowRight size={14} aria-hidden />
        </Anchor>
      ) : null}
    </Group>
  );
}
