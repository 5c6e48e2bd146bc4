import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import { coreMessages } from '@palisade/domain/messages-core';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { EmptyState } from '../../../components/empty-state';

/**
 * What a View or Edit page shows before its account is there: a progress bar while loading, and
 * "not found" after a failed load (whose reason the Error dialog has shown).
 */
export function AccountLoader<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LinearProgress aria-label={coreMessages.common.loading} />;
  if (query.isError) return <EmptyState text={userScreensMessages.notFound} />;
  return children(query.data);
}
