import { useEffect, type ComponentProps } from 'react';
import { loadOnce } from '../../lib/load-once';
import { useCodeOnDemand } from '../../lib/use-code-on-demand';
import type { OrganisationSwitcher } from './organisation-switcher';

/** The switcher's code (a select and its menu): only users of several organisations need it. */
const loadSwitcher = loadOnce(() =>
  import('./organisation-switcher').then((module) => module.OrganisationSwitcher),
);

/**
 * The organisation switcher, whose code loads when it is shown: the shell renders it only for a
 * contractor or auditor of several organisations, so nobody else's first load carries it (issue 13).
 * Nothing is shown until the code is here; a failed load is shown in the Error dialog.
 */
export function OrganisationSwitcherSlot(props: ComponentProps<typeof OrganisationSwitcher>) {
  const switcher = useCodeOnDemand(loadSwitcher);
  const { request } = switcher;
  useEffect(() => request(), [request]);
  return switcher.Component ? <switcher.Component {...props} /> : null;
}
