import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './detail-header.module.css';

/** The top of a detail page: big cover art on the left (above on phones), everything about it beside it. */
export function DetailHeader({ art, children }: { art: ReactNode; children: ReactNode }) {
  return (
    <header className={classes.header}>
      <div className={classes.art}>{art}</div>
      <Stack gap="sm" className={classes.body}>
        {children}
      </Stack>
    </header>
  );
}

export function DetailHeaderSkeleton() {
  return (
    <div className={classes.header} aria-hidden data-testid="detail-skeleton">
      <Skeleton className={classes.art} radius="lg" style={{ aspectRatio: '1 / 1' }} />
      <Stack gap="sm" className={classes.body}>
        <Skeleton height={12} width={100} />
        <Skeleton height={36} width="70%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={14} width="60%" mt="md" />
        <Skeleton height={40} width={220} mt="md" radius="xl" />
      </Stack>
    </div>
  );
}
