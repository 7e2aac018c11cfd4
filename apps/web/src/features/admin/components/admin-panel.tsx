import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of an account's page (/manageuser/{id}). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" bg="dark.7" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
