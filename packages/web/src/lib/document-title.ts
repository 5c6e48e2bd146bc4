import { useEffect } from 'react';
import { pageTitle } from '@palisade/domain/messages-core';

/** Sets the browser tab's title to the page's name (pageTitle of the domain catalogue). */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
