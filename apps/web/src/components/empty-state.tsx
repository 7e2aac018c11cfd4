import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Nothing to show, said plainly, with what to do instead when there is something. */
export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" style={{ border: '1px dashed var(--mantine-color-dark-4)', borderRadius: 'var(--mantine-radius-lg)', textAlign: 'center' }}>
      <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
        {icon ?? <IconMoodEmpty size={22} />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {children ? (
        <Text size="sm" c="dimmed" maw={480}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
