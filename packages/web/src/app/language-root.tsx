import { Fragment, type ReactNode } from 'react';
import { useLanguage } from '../lib/language';

/**
 * The app under the screens' language (issue 60): a change of language renders it again from
 * the top, so that every text, memoised or not, is read in the new one.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}
