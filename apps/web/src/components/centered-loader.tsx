import { Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';

export function CenteredLoader({ label }: { label?: string }) {
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        {label ? (
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        ) : (
          <VisuallyHidden>Loading</VisuallyHidden>
        )}
      </Stack>
    </Center>
  );
}
