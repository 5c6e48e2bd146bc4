import { useSearchParams } from 'react-router';

/** The account a View or Edit page shows: `?id=` of its URL, or null when absent. */
export function useAccountId(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  return id ? id : null;
}
