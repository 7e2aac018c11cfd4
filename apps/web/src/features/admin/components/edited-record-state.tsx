import { Container } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert.tsx';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { NotFoundState, type NotFoundStateProps } from '../../../components/not-found-state.tsx';
import { isApiError } from '../../../lib/api-error.ts';

/**
 * The states around an admin editor's one record (a staff playlist, a bundle): loading, not found (an unknown or
 * malformed id in the address), an error, then `children(record)`.
 */
export function EditedRecordState<T>({
  query,
  what,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  /** What it is, in words ("playlist"). */
  what: string;
  notFound: NotFoundStateProps;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <CenteredLoader label={`Loading the ${what}…`} />;
  if (query.isError) {
    if (isApiError(query.error, 'NOT_FOUND') || isApiError(query.error, 'VALIDATION_FAILED')) return <NotFoundState {...notFound} />;
    return (
      <Container size="lg" py="xl">
        <ApiErrorAlert error={query.error} title={`Could not load the ${what}`} />
      </Container>
    );
  }
  return <>{children(query.data)}</>;
}
