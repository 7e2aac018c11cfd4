import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The Crate mark: an open crate with a record in it, plus the wordmark. */
export function CrateLogo({ size = 28 }: { size?: number }) {
  return (
    <Link to="/" style={{ textDecoration: 'none', color: 'inherit', display: 'inline-flex' }} aria-label="Crate — Discover">
      <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1d1f27" />
        <rect x="12" y="22" width="40" height="28" rx="5" fill="none" stroke="#ff7a2f" strokeWidth="5" />
        <path d="M20 22v-7h24v7" fill="none" stroke="#ff7a2f" strokeWidth="5" strokeLinejoin="round" />
        <circle cx="32" cy="36" r="6" fill="#ff7a2f" />
      </svg>
      <Text fw={800} fz={20} style={{ letterSpacing: '-0.03em' }}>
        Crate
      </Text>
      </Group>
    </Link>
  );
}
