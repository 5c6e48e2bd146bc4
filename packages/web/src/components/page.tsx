import { useLayoutEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { webMessages } from '@palisade/domain/messages/web';
import { useDocumentTitle } from '../lib/document-title';
import { dismissFirstPaint } from '../lib/first-paint';

export interface Crumb {
  label: string;
  /** Absent on the current page (the last crumb). */
  to?: string;
}

interface PageProps {
  /** The page's name in the document title. */
  title: string;
  /** The visible h1; defaults to the title. */
  heading?: ReactNode;
  breadcrumbs?: readonly Crumb[];
  /** Buttons shown beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page inside a shell: document title, breadcrumb, one h1, then the content. */
export function Page({ title, heading, breadcrumbs, actions, children }: PageProps) {
  useDocumentTitle(title);
  // The server's first paint of a home stands in for this page until it is on screen.
  useLayoutEffect(dismissFirstPaint, []);
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: 3, maxWidth: 1280, mx: 'auto' }}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs aria-label={webMessages.breadcrumb} sx={{ mb: 1 }}>
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Link
                key={crumb.label}
                component={RouterLink}
                to={crumb.to}
                underline="hover"
                color="inherit"
              >
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} color="text.primary" aria-current="page">
                {crumb.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {heading ?? title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
