import { Container, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-error.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { NotFoundState } from './not-found-state.tsx';
import { ScreenHeader } from './screen-header.tsx';

/**
 * A public page that checks a document by its number (a licence certificate, a split sheet): loading, a number that
 * names nothing (or is not a number) as "not found", any other failure as an alert, else the document.
 */
export function VerificationState<T>({ query, title, what, size, children }: { query: UseQueryResult<T>; title: string; what: string; size: 'sm' | 'md'; children: (data: T) => ReactNode }) {
  if (query.isSuccess) return children(query.data);
  if (query.isError && (isApiError(query.error, 'NOT_FOUND') || isApiError(query.error, 'VALIDATION_FAILED'))) {
    return <NotFoundState screenTitle={title} what={what} browse={{ to: '/splits', label: 'How licences work' }} />;
  }
  return (
    <Container size={size} py="xl">
      <ScreenHeader title={title} />
      {query.isError ? <ApiErrorAlert error={query.error} title={`This ${what} could not be checked`} /> : <Skeleton height={300} radius="lg" />}
    </Container>
  );
}
