import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow, centred card that holds a single form (sign-in, register, reset …). */
export function FormCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Container size={460} py={56}>
      <Stack gap={6} mb="lg" align="center" ta="center">
        <Title order={1} fz={30}>
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      <Paper withBorder p="xl" radius="lg" bg="dark.7" shadow="md">
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" size="sm" c="dimmed" mt="lg">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
