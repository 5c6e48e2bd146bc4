import { expect, type Browser, type Cookie } from '@playwright/test';
import { serverUrl } from './fixtures';
import { DEMO_PASSWORD } from './helpers';

/**
 * The three homes a first visit is measured on (first-visit.spec.ts, first-styles.spec.ts), each
 * with what shows that its data has arrived (an element only rendered from the reply), and its
 * shell's Assessment list (the in-app move from the home) with the same.
 */
export const FIRST_VISIT_HOMES = [
  {
    name: 'contractor home',
    shell: 'contractor',
    email: 'contractor1@demo.test',
    path: '/atgl/Contractor/dashboard',
    data: 'table[aria-label="Assessments and their due dates"] tbody tr a',
    list: { path: '/atgl/Contractor/Assessment', data: 'ul[aria-label="Assessments"] article' },
  },
  {
    name: 'organisation home',
    shell: 'sapphire',
    email: 'admin@demo.test',
    path: '/sapphire/Dashboard',
    data: '[data-testid="band-count-green"]',
    list: { path: '/sapphire/Assessment', data: 'ul[aria-label="Assessment responses"] article' },
  },
  {
    name: 'auditor home',
    shell: 'auditor',
    email: 'auditor1@demo.test',
    path: '/auditor/dashboard',
    data: 'ul[aria-label="Submitted assessments waiting for review"] li',
    list: { path: '/auditor/Assessment', data: 'ul[aria-label="Assessment responses"] article' },
  },
] as const;

/** A session cookie of `email`, signed in through the API in a context of its own. */
export async function sessionCookies(browser: Browser, email: string): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL: serverUrl() });
  const reply = await context.request.post('/api/auth/signIn', { data: { email, password: DEMO_PASSWORD } });
  expect(reply.status()).toBe(200);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}
