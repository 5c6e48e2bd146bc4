import type { ComponentType } from 'react';
import type { Shell } from '@palisade/domain/user-types';
import { loadOnce } from '../../lib/load-once';

/**
 * Each shell's code, one chunk per shell (a contractor never downloads the admin shell), fetched
 * once: by the guard when it renders, and earlier by boot.tsx as soon as the session says which
 * shell a deep link will show, so the shell arrives alongside the router and the page (issue 19).
 */
export const loadShell: Record<Shell, () => Promise<ComponentType>> = {
  sapphire: loadOnce(() => import('./sapphire-shell').then((m) => m.SapphireShell)),
  contractor: loadOnce(() => import('./contractor-shell').then((m) => m.ContractorShell)),
  auditor: loadOnce(() => import('./auditor-shell').then((m) => m.AuditorShell)),
};
