import { expect, request, type Page } from '@playwright/test';
import { englishCatalogue, LANGUAGE_NAMES } from '@palisade/domain/i18n/catalogue';
import { hindi } from '@palisade/domain/i18n/hi/tables';
import '@palisade/domain/messages';
import '@palisade/domain/messages/load-errors';
import '@palisade/domain/messages/response-names';
import '@palisade/domain/sso/sso-sign-in.messages';
import '@palisade/domain/organisations/time-zone.messages';
import { test, serverUrl } from '../support/fixtures';
import { DEMO_PASSWORD, expectAccessible, expectNoSideScroll, shot, watchConsole } from '../support/helpers';

const CONTRACTOR = 'contractor1@demo.test';
const ADMIN = 'admin@demo.test';
const AUDITOR = 'auditor1@demo.test';
const hi = hindi;

/**
 * The catalogue's English texts that a page in Hindi must not show: each text of the catalogue
 * whose Hindi differs, of at least two words or one word of five letters or more (shorter ones,
 * "Ok", "ID", are too common inside data to tell apart).
 */
function englishTexts(): string[] {
  const found = new Set<string>();
  const walk = (english: unknown, local: unknown): void => {
    if (typeof english === 'string') {
      const text = english.trim();
      const words = text.split(/\s+/);
      if (text !== local && /[A-Za-z]/.test(text) && !text.includes('${') && (words.length >= 2 || /^[A-Za-z]{5,}$/.test(text))) found.add(text);
    } else if (english !== null && typeof english === 'object') {
      for (const [key, child] of Object.entries(english)) walk(child, local !== null && typeof local === 'object' ? (local as Record<string, unknown>)[key] : undefined);
    }
  };
  const tables: Record<string, unknown> = hindi;
  for (const [part, english] of englishCatalogue()) walk(english, tables[part]);
  return [...found];
}
const ENGLISH = englishTexts();

/**
 * No text of the catalogue in English on the page: what is left in English is names and data. A
 * text of the page's (each text node, and each label a control is named by) that is a catalogue
 * text, or holds one of three words or more, is English left; a word of the catalogue inside data
 * ("Review" in an assessment's name) is not.
 */
async function expectNoEnglish(page: Page, where: string, data: readonly string[] = []): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"]')) continue;
      const text = node.textContent?.trim() ?? '';
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
  const names = new Set(data.map((text) => text.trim()));
  const whole = new Set(shown.map((text) => text.replace(/[:：]$/, '')).filter((text) => !names.has(text)));
  const long = ENGLISH.filter((text) => text.split(/\s+/).length >= 3);
  const left = [
    ...ENGLISH.filter((text) => whole.has(text)),
    ...long.filter((text) => shown.some((s) => s !== text && s.includes(text))),
  ];
  expect([...new Set(left)], `English texts left on ${where}`).toEqual([]);
}

/** Its Devanagari face loaded (fetched with the Hindi screens, a weight at a time): no empty boxes in the shot. */
async function fontsLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

async function atBothWidths(page: Page, name: string, where: string, data: readonly string[] = []): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoEnglish(page, where, data);
  await expectAccessible(page);
  await fontsLoaded(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await fontsLoaded(page);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signInInHindi(page: Page, email: string): Promise<void> {
  await page.getByLabel(hi.coreMessages.auth.emailAddress).fill(email);
  await page.getByLabel(hi.coreMessages.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: hi.coreMessages.auth.signIn, exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: hi.coreMessages.auth.logOut }).first().click();
  await expect(page).toHaveURL('/');
}

/** The account back in English (its sign-in with English chosen), for the worker's next scenarios. */
async function backToEnglish(email: string): Promise<void> {
  const api = await request.newContext({ baseURL: serverUrl() });
  try {
    await api.post('/api/auth/signIn', { data: { email, password: DEMO_PASSWORD, language: 'en' } });
  } finally {
    await api.dispose();
  }
}

/**
 * Issue 60: a user in an English browser chooses Hindi on the sign-in page, signs in, and finds
 * every screen in Hindi (the three homes, a checklist, a review), its document named so; the
 * choice is kept as the user's; Settings takes it back to English.
 */
test('Hindi chosen on the sign-in page: the three homes, a checklist and a review in Hindi, 1280 and 390 px', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: serverUrl(), locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const choice = page.getByRole('group', { name: 'Language' });
    await choice.getByRole('button', { name: LANGUAGE_NAMES.hi }).click();
    await expect(page.getByRole('heading', { level: 1, name: hi.coreMessages.auth.signInTitle })).toBeVisible();
    await expect(page.getByRole('group', { name: hi.coreMessages.common.language }).getByRole('button', { name: LANGUAGE_NAMES.hi })).toHaveAttribute('aria-pressed', 'true');
    await atBothWidths(page, 'hindi-sign-in', 'the sign-in page');
    // A refusal of the server in Hindi too (the browser's own language is English).
    await page.getByLabel(hi.coreMessages.auth.emailAddress).fill(CONTRACTOR);
    await page.getByLabel(hi.coreMessages.auth.password, { exact: true }).fill('Wrong@1234');
    await page.getByRole('button', { name: hi.coreMessages.auth.signIn, exact: true }).click();
    await expect(page.getByText(hi.coreMessages.auth.wrongPassword)).toBeVisible();
    await page.getByRole('button', { name: hi.coreMessages.common.ok }).click();

    // The contractor: home, the assessment list, an assessment's categories and its checklist.
    await signInInHindi(page, CONTRACTOR);
    await expect(page).toHaveURL('/atgl/Contractor/dashboard');
    await expect(page.getByRole('heading', { name: hi.responseScreensMessages.scoreDetails })).toBeVisible();
    await atBothWidths(page, 'hindi-contractor-home', 'the contractor home');
    const me = (await (await page.request.get('/api/auth/me')).json()) as { data: { language: string | null } };
    expect(me.data.language).toBe('hi');
    await page.goto('/atgl/Contractor/Assessment');
    const cards = page.getByRole('list', { name: hi.responseScreensMessages.assessmentsList }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expectNoEnglish(page, 'the assessment list');
    const started = page.locator('article.assessment-card:not(.new)').first();
    await started.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/atgl\/Contractor\/assessment\/[^/]+\/categories$/);
    const categories = page.getByRole('list', { name: hi.responseScreensMessages.categoriesList }).getByRole('listitem');
    await expect(categories.first()).toBeVisible();
    // The categories' names are the organisation's data ("Environment" is one of the demo's).
    const categoryNames = await categories.getByRole('link').allInnerTexts();
    await expectNoEnglish(page, 'the categories', categoryNames);
    await categories.first().getByRole('link').first().click();
    await expect(page.getByRole('table', { name: hi.responseScreensMessages.checklistTable })).toBeVisible();
    // Its heading is the category's name: data.
    await atBothWidths(page, 'hindi-contractor-checklist', 'the checklist', categoryNames);
    await signOut(page);
    // The sign-in page stays in Hindi: the browser keeps the choice.
    await expect(page.getByRole('heading', { level: 1, name: hi.coreMessages.auth.signInTitle })).toBeVisible();

    // The organisation's home.
    await signInInHindi(page, ADMIN);
    await expect(page).toHaveURL('/sapphire/Dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await atBothWidths(page, 'hindi-organisation-home', 'the organisation home');
    await signOut(page);

    // The auditor: home, then a response's review, question by question.
    await signInInHindi(page, AUDITOR);
    await expect(page).toHaveURL('/auditor/dashboard');
    await atBothWidths(page, 'hindi-auditor-home', 'the auditor home');
    const organisationId = ((await (await page.request.get('/api/auth/me')).json()) as { data: { cmp_id: string } }).data.cmp_id;
    const responses = await page.request.post('/api/assessment/responses/getResponsesByCompanyIds', { data: { companyIds: [organisationId] } });
    const first = ((await responses.json()) as { data: { items: { _id: string }[] } }).data.items[0];
    expect(first, 'a response to review').toBeDefined();
    await page.goto(`/auditor/assessment/${first?._id ?? ''}/categories`);
    const reviewed = page.getByRole('list', { name: hi.responseScreensMessages.categoriesList }).getByRole('listitem');
    await expect(reviewed.first()).toBeVisible();
    const reviewedNames = await reviewed.getByRole('link').allInnerTexts();
    await expectNoEnglish(page, 'the review\'s categories', reviewedNames);
    await reviewed.first().getByRole('link').first().click();
    await expect(page.getByRole('table', { name: hi.responseScreensMessages.checklistTable })).toBeVisible();
    await atBothWidths(page, 'hindi-auditor-review', 'the review', reviewedNames);

    // Settings: back to English, at once and for good.
    await page.goto('/auditor/settings');
    const card = page.getByRole('region', { name: hi.profileMessages.languageTitle });
    await card.getByRole('combobox', { name: hi.profileMessages.languageTitle }).click();
    await page.getByRole('option', { name: LANGUAGE_NAMES.en }).click();
    await expect(page.getByRole('region', { name: 'Language' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const after = (await (await page.request.get('/api/auth/me')).json()) as { data: { language: string | null } };
    expect(after.data.language).toBe('en');
    done();
  } finally {
    await context.close();
    for (const email of [CONTRACTOR, ADMIN, AUDITOR]) await backToEnglish(email);
  }
});
