import { isUserType, SHELL_PREFIX, shellOf } from '../user-types';

/** The query parameter that carries the page asked for while signed out. */
export const RETURN_PARAM = 'next';

/**
 * Where to go after signing in when a page was asked for while signed out (issue 18): the path
 * (with its query and hash) when it stays on this site (a path, never another origin, no
 * protocol-relative // or backslash tricks) and inside the signed-in user's own route group;
 * else null, and the user goes to its home.
 */
export function returnPath(next: string | null | undefined, userType: number): string | null {
  if (!next || !isUserType(userType)) return null;
  const shell = shellOf(userType);
  if (!shell) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://portal.invalid') return null;
  const prefix = SHELL_PREFIX[shell];
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
