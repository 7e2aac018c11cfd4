import { Button, Container, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { NotFoundState, type NotFoundStateProps } from '../../../components/not-found-state.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { isApiError } from '../../../lib/api-error.ts';

/**
 * The states the studio screens (editors, analytics) share around their one query: a skeleton while
 * loading, not found (also what another creator's item is), "not yours to open" for a 403, an error
 * with "Try again", and `children(data)` once it is there.
 */
export function StudioScreenState<T>({ query, notFound, errorTitle, children }: { query: UseQueryResult<T>; notFound: NotFoundStateProps; errorTitle: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Container size="lg" py="xl" aria-busy="true">
        <Stack gap="md">
          <Skeleton height={36} width="50%" />
          <Skeleton height={18} width="30%" />
          <Skeleton height={280} />
        </Stack>
      </Container>
    );
  }
  if (query.isError) {
    // A malformed id in the address (/packanalytics/not-an-id) is a page that is not there, like an unknown one.
    if (isApiError(query.error, 'NOT_FOUND') || isApiError(query.error, 'VALIDATION_FAILED')) return <NotFoundState {...notFound} />;
    return (
      <Container size="lg" py="xl">
        <ScreenHeader title={notFound.screenTitle} />
        <ApiErrorAlert error={query.error} title={isApiError(query.error, 'FORBIDDEN') ? 'This is not in your studio' : errorTitle} />
        {isApiError(query.error, 'FORBIDDEN') ? null : (
          <Button mt="md" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Container>
    );
  }
  return <>{children(query.data)}</>;
}
