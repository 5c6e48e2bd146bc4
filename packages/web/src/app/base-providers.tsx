import { useMemo, type ComponentType, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { loadOnce } from '../lib/load-once';
import { useCodeWhenNeeded } from '../lib/use-code-on-demand';
import { dismissError, useNotifier } from '../lib/notifier';
import { theme } from '../theme/theme';
import { muiLocaleOf, useLanguage } from '../lib/language';
import { styleCache } from '../lib/style-cache';

const loadErrorDialog = loadOnce(() =>
  import('../components/error-dialog').then((module): ComponentType => module.ErrorDialog),
);

/**
 * The app-wide Error dialog, whose code (MUI's Dialog and Modal) loads with the first error
 * rather than in front of the sign-in page. Should that load fail too (the server is gone), the
 * browser's own alert says it, so no error goes unseen.
 */
function ErrorDialogHost() {
  const { errors } = useNotifier();
  const pending = errors[0];
  const Dialog = useCodeWhenNeeded(loadErrorDialog, pending !== undefined, () => {
    if (pending) window.alert(pending.message);
    dismissError();
  });
  return Dialog ? <Dialog /> : null;
}

/**
 * What every screen stands on, from the first one (the sign-in page, before the router and the
 * query library load): the style cache (with the styles the document brought), the theme and the
 * app-wide Error dialog.
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  // MUI's own texts in the screens' language (issue 60).
  const themed = useMemo(() => {
    const locale = muiLocaleOf(language);
    return locale ? createTheme(theme, locale) : theme;
  }, [language]);
  return (
    <CacheProvider value={styleCache()}>
      <ThemeProvider theme={themed}>
        <CssBaseline />
        {children}
        <ErrorDialogHost />
      </ThemeProvider>
    </CacheProvider>
  );
}
