import { useMatches } from 'react-router';
import { messages } from '@palisade/domain/messages';
import { EmptyState } from '../../components/empty-state';
import { Page, type Crumb } from '../../components/page';

/** What a route's `handle` says about a screen that later work builds. */
export interface ComingLaterHandle {
  title: string;
  breadcrumbs: readonly Crumb[];
}

function isComingLaterHandle(handle: unknown): handle is ComingLaterHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    typeof handle.title === 'string'
  );
}

/**
 * A spec route whose screen is not built yet: its title and breadcrumb, and an empty state.
 * Nothing on it pretends to be data.
 */
export function ComingLaterPage() {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isComingLaterHandle);
  const title = handle?.title ?? messages.pages.home;
  return (
    <Page title={title} breadcrumbs={handle?.breadcrumbs ?? [{ label: title }]}>
      <EmptyState />
    </Page>
  );
}
