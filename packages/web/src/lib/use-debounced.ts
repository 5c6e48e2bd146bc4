import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `ms` milliseconds (a search box asks the server less). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
