import { Button, Container } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { NotFoundState, type NotFoundStateProps } from '../../../components/not-found-state.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { DetailHeaderSkeleton } from './detail-header.tsx';

/**
 * The states every detail screen (pack, sound, bundle, creator, staff playlist) shares around its one
 * query: a header skeleton (plus `skeleton` for the list below it) while loading, the real not-found
 * state for an unknown id or slug, an error with "Try again", and `children(data)` once it is there.
 */
export function DetailScreenState<T>({
  query,
  skeleton,
  notFound,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  skeleton?: ReactNode;
  notFound: NotFoundStateProps;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Container size="lg" py="xl">
        <DetailHeaderSkeleton />
        {skeleton}
      </Container>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 'NOT_FOUND')) return <NotFoundState {...notFound} />;
    return (
      <Container size="lg" py="xl">
        <ApiErrorAlert error={query.error} title={errorTitle} />
        <Button mt="md" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Container>
    );
  }
  return <>{children(query.data)}</>;
}
