import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every screen's one h1 (its route title) and an optional line under it. */
export function ScreenHeader({ title, subtitle, eyebrow }: { title: string; subtitle?: ReactNode; eyebrow?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      {eyebrow ? (
        <Text size="xs" tt="uppercase" fw={700} c="ember.4" style={{ letterSpacing: '0.12em' }}>
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1}>{title}</Title>
      {subtitle ? (
        <Text c="dimmed" size="lg" maw={680}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
