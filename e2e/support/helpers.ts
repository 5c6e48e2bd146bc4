import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { serverDataDir, serverUrl } from './fixtures';

export const DEMO_PASSWORD = 'Demo@1234';
export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Waits for finite animations and transitions (a dialog fading in or out) to end. Endless ones
 * (spinners, skeleton pulses) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Saves a full-page screenshot under e2e/artifacts/ (kept as a CI artifact), once still. */
export async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Fails on serious or critical axe violations, once the page is still: axe measures contrast on
 * what is painted, and a half-faded button is not what the user reads.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  const results = await axeRun(page);
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * axe-core run in the page. Its 1.3 MB source is evaluated once per document, not at every check
 * as @axe-core/playwright did (which also opened a blank page for each check to merge the frames'
 * results): 169 checks took a third of the browser scenarios' time. Only violations are collected.
 * Framed documents (a PDF or a video in a viewer) are not the portal's own: not entered.
 */
async function axeRun(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
      iframes: false,
    }),
  );
}

/**
 * Waits until the element lies wholly between `left` and `right` (the viewport's width unless
 * given): a box read once can catch the layout between a resize and the render that follows it,
 * which a busy machine leaves on screen for a while.
 */
export async function expectInsideWidth(
  element: Locator,
  what: string,
  bounds?: { left: number; right: number },
): Promise<void> {
  const left = bounds?.left ?? 0;
  const right = bounds?.right ?? element.page().viewportSize()?.width ?? 0;
  await expect
    .poll(
      async () => {
        const box = await element.boundingBox();
        return box ? { left: box.x >= left - 0.5, right: box.x + box.width <= right + 0.5 } : null;
      },
      { message: `${what} lies inside ${left}–${right} px` },
    )
    .toEqual({ left: true, right: true });
}

/** Waits until the page does not scroll sideways (after a resize, once the layout follows it). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      {
        message: 'the page scrolls sideways by so many px',
      },
    )
    .toBeLessThanOrEqual(0);
}

/** Collects console errors of a page; call the returned function to assert there were none. */
export function watchConsole(page: Page): () => void {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  // A 401/404 the app expects (the `me` probe, a wrong password) is logged by the browser as a
  // failed resource, not by the app; those are not app errors.
  return () => expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
}

/** Signs in on the sign-in page the app is showing (not a fresh visit of /: the page to return to stays). */
export async function signInHere(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await signInHere(page, email, password);
}

/** The height a width is shown at: a phone's (844) below 600 px, else a desktop's (900). */
const heightFor = (width: number) => (width < 600 ? 844 : 900);

/** Signs in through the form and waits for the user's dashboard (every role's home ends in /dashboard). */
export async function signInToDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/i);
}

/** Sets the page's viewport (`width`; height by the width unless given), signs in and waits for the dashboard. */
export async function signInAt(
  page: Page,
  email: string,
  viewport: { width: number; height?: number },
): Promise<void> {
  await page.setViewportSize({
    width: viewport.width,
    height: viewport.height ?? heightFor(viewport.width),
  });
  await signInToDashboard(page, email);
}

/** A signed-in page of its own browser context: `done` asserts no console errors since it opened. */
export interface SignedIn {
  page: Page;
  done: () => void;
  close: () => Promise<void>;
}

/**
 * A page of a new browser context of its own (its own cookies, this worker's server) at the
 * viewport (`width`, 1280 by default; height by the width unless given), signed in as `email`
 * through the form, on its dashboard. Console errors are watched from the start.
 */
export async function signedInContext(
  browser: Browser,
  email: string,
  viewport: { width: number; height?: number } = { width: 1280 },
  options: { reducedMotion?: 'reduce' } = {},
): Promise<SignedIn> {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: viewport.width, height: viewport.height ?? heightFor(viewport.width) },
    ...options,
  });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signInToDashboard(page, email);
  return { page, done, close: () => context.close() };
}

/** Signs a request context in through the API (the session cookie stays in it); e.g. an employee, who has no web shell. */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const reply = await request.post('/api/auth/signIn', { data: { email, password } });
  expect(reply.status()).toBe(200);
}

/**
 * What `pick` finds in the newest mail to an address (this worker's server's outbox) that holds it;
 * with `since` (epoch ms), only in mails written from then on. Waits for the mail as long as any
 * expectation waits (the mail queue's worker sends it when it gets to it).
 */
export async function fromNewestMail(
  to: string,
  pick: (text: string) => string | undefined,
  since = 0,
): Promise<string> {
  const outbox = path.join(serverDataDir(), 'outbox');
  const scan = (): string | undefined => {
    const names = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((n) => n.endsWith(`-${to}.eml`) && Number(n.split('-')[0]) >= since)
          .sort()
      : [];
    // Newest first: other mails to the same address (notifications) are passed over.
    for (const name of names.reverse()) {
      const text = fs
        .readFileSync(path.join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const found = pick(text);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  let found: string | undefined;
  await expect
    .poll(() => (found = scan()) !== undefined, { message: `a mail to ${to}`, intervals: [200] })
    .toBe(true);
  if (found === undefined) throw new Error(`no mail to ${to}`);
  return found;
}

/**
 * The newest reset/invitation link mailed to an address; with `since` (epoch ms), only a mail
 * written from then on, so an earlier attempt's mail is not taken.
 */
export function latestMailLink(to: string, since = 0): Promise<string> {
  return fromNewestMail(to, (text) => /https?:\/\/\S+reset_password\?\S+/.exec(text)?.[0], since);
}

/** The signed-in user's organisation id (cmp_id of the profile). */
export async function organisationIdOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
}

/** POSTs a call with a page's (or a request context's) session and returns `data`, failing on any code but 200. */
export async function call<T>(
  from: Page | APIRequestContext,
  path: string,
  body: unknown,
): Promise<T> {
  const request = 'request' in from ? from.request : from;
  const reply = await request.post(path, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${path}: ${json.message}`).toBe(200);
  return json.data;
}

/** How a question of a created assessment is answered; choice types get three choices. */
export type AnswerTypeName =
  'yesNo' | 'shortAnswer' | 'numeric' | 'longAnswer' | 'checkbox' | 'multiChoice';

/**
 * As the signed-in organisation admin on `page`, creates an assessment of the first `sections`
 * categories of the demo bank (one question per answer type of `answerTypes` each; by default a
 * yes/no, a short answer and a numeric), due in ten days and shared with the contractor of
 * `contractorEmail`. A scenario that answers a new assessment makes its own, with a name unique to
 * the attempt, so that it depends on no other scenario's leftovers nor on an earlier attempt.
 */
export async function createSharedAssessment(
  page: Page,
  opts: {
    name: string;
    contractorEmail: string;
    sections?: number;
    answerTypes?: readonly AnswerTypeName[];
  },
): Promise<string> {
  const companyId = await organisationIdOf(page);
  const categories = await call<{ _id: string }[]>(
    page,
    '/api/assessment/categories/getAssessCategoriesByCompanyId',
    { companyId },
  );
  const questions = await call<{ _id: string }[]>(
    page,
    '/api/assessment/questions/getQuestionsByCompanyId',
    { companyId },
  );
  const contractors = await call<{ _id: string; emailid: string }[]>(
    page,
    '/api/contractor/getContractorsByCompanyId',
    { companyId },
  );
  const contractor = contractors.find((c) => c.emailid === opts.contractorEmail);
  if (!contractor) throw new Error(`no contractor ${opts.contractorEmail}`);
  const types = opts.answerTypes ?? (['yesNo', 'shortAnswer', 'numeric'] as const);
  const count = opts.sections ?? 2;
  const sections = categories.slice(0, count).map((category, s) => ({
    category: category._id,
    totalMarks: 10,
    factors: { environment: s % 2 === 0, social: s % 2 === 1, governance: false, others: false },
    questions: types.map((answerType, q) => ({
      question: questions[s * types.length + q]?._id ?? '',
      questType:
        answerType === 'multiChoice' || answerType === 'checkbox'
          ? { answerType, options: ['Always', 'Sometimes', 'Never'] }
          : { answerType },
    })),
  }));
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const created = await call<{ _id: string }>(page, '/api/assessment/createAssessment', {
    name: opts.name,
    dueDate: due,
    contractors: [contractor._id],
    sections,
  });
  return created._id;
}

/**
 * A suffix unique to this attempt of a test, in lower-case letters (account names take letters
 * only): what an attempt creates never meets what a retry or an earlier run left on the server.
 */
export function attemptSuffix(): string {
  const letters = (n: number, width: number) =>
    Array.from({ length: width }, (_, i) =>
      String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26)),
    )
      .reverse()
      .join('');
  return letters(Date.now() % 26 ** 6, 6) + letters(Math.floor(Math.random() * 26 ** 3), 3);
}

/** `count` random digits, for phone numbers that must be unique per attempt. */
export function attemptDigits(count: number): string {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
}

/**
 * As the signed-in organisation admin on `page`, adds a contractor company of its own for this
 * attempt (invitation mailed) and returns its sign-in email. Scenarios that change an account
 * (its password) use one of these, never a seeded account that other scenarios sign in with.
 */
export async function createContractorAccount(
  page: Page,
  sfx: string,
): Promise<{ email: string; name: string }> {
  const name = `Fresh Supplier ${sfx}`;
  const email = `fresh-${sfx}@e2e.test`;
  await call(page, '/api/contractor/createContractor', {
    name,
    location: 'Leith',
    emailid: email,
    contactPersonName: 'Fay Rowe',
    cmp_id: await organisationIdOf(page),
  });
  return { email, name };
}

/** Chooses the first password of an invited account through the mailed link's code (no browser). */
export async function acceptInvitationByApi(
  page: Page,
  email: string,
  password: string,
  since: number,
): Promise<void> {
  const oobCode = new URL(await latestMailLink(email, since)).searchParams.get('oobCode') ?? '';
  const reply = await page.request.post('/api/auth/confirmPasswordReset', {
    data: { oobCode, newPassword: password },
  });
  expect(reply.status()).toBe(200);
}

/** The picker's listbox option of the company `name` (its own text, not a longer name holding it). */
export function companyOption(page: Page, name: string): Locator {
  return page
    .getByRole('listbox')
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Chooses the company `name` in the company picker labelled `label` by typing `typed` (by default
 * the name's first three characters): waits for the server's matches to that text, then for the
 * option, runs `beforeChoosing` on the open list (an axe check, a screenshot), and chooses it.
 */
export async function pickCompany(
  page: Page,
  label: string,
  name: string,
  options: { typed?: string; beforeChoosing?: () => Promise<void> } = {},
): Promise<void> {
  const typed = options.typed ?? name.slice(0, 3);
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await expect(input).not.toHaveAttribute('readonly', '');
  const searched = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/contractor/searchContractors') &&
      (r.request().postDataJSON() as { search?: string }).search === typed,
  );
  await input.pressSequentially(typed);
  await searched;
  await expect(companyOption(page, name)).toBeVisible();
  await options.beforeChoosing?.();
  await companyOption(page, name).click();
  await expect(input).toHaveValue(name);
}
