import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import { attemptSuffix, expectAccessible, shot, signIn, watchConsole, expectInsideWidth, expectNoSideScroll } from '../support/helpers';

/**
 * Issue 19: the organisation's and the auditor's journeys as their users walk them. Each scenario
 * runs at 1280 px and at 390 px, is axe clean, and leaves screenshots under e2e/artifacts/.
 */

// The machine is shared by several suites at once: a first page load may take a while.
const expect = baseExpect;

const ADMIN = 'admin@demo.test';
const AUDITOR1 = 'auditor1@demo.test';
const AUDITOR2 = 'auditor2@demo.test';
const WIDTHS = [1280, 390] as const;

/**
 * A signed-in page of its own browser context (its own session) at the given width; with `now`,
 * the page's clock reads that time (the server's stays real).
 */
async function session(browser: Browser, email: string, width: number, now?: Date): Promise<{ page: Page; done: () => void }> {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  if (now) await page.clock.setSystemTime(now);
  const done = watchConsole(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  return { page, done };
}

/** POSTs a call with the page's session and returns `data` (200 expected). */
async function call<T>(page: Page, path: string, body: unknown): Promise<T> {
  const reply = await page.request.post(path, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${path}: ${json.message}`).toBe(200);
  return json.data;
}

interface Summary {
  _id: string;
  status: string;
  contractorName: string;
  companyId: string;
  assessment: { name: string };
  assignedAuditor?: { _id: string; name: string } | null;
}

/** The auditor's working organisation, picked in the switcher (the top bar; the side menu on phones). */
async function switchOrganisation(page: Page, name: string): Promise<void> {
  const switcher = page.getByRole('combobox', { name: 'Organisation' });
  // Phones (below 600 px) have it in the side menu; wider screens in the top bar.
  const inMenu = (page.viewportSize()?.width ?? 1280) < 600;
  if (inMenu) await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(switcher).toBeVisible();
  if (!(await switcher.textContent())?.includes(name)) {
    await switcher.click();
    await page.getByRole('option', { name }).click();
    await expect(page).toHaveURL('/auditor/dashboard');
    // The phone's side menu closes with the switch, as it does after a menu item.
    if (inMenu) {
      await expect(switcher).toBeHidden();
      return;
    }
    await expect(switcher).toContainText(name);
  } else if (inMenu) {
    // Nothing to switch: the side menu closes again with Escape.
    await page.keyboard.press('Escape');
    await expect(switcher).toBeHidden();
  }
}

/** The signed-in user's organisations by name. */
async function organisationsOf(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/auth/me');
  const data = ((await res.json()) as { data: { organisations: { _id: string; name: string }[] } }).data;
  return Object.fromEntries(data.organisations.map((o) => [o.name, o._id]));
}

for (const width of WIDTHS) {
  test(`auditor2's lists, dashboard and counts follow the organisation it works in (${width} px)`, async ({ browser }) => {
    const { page, done } = await session(browser, AUDITOR2, width);
    await expect(page).toHaveURL('/auditor/dashboard');

    // Demo Gas: its responses only.
    await switchOrganisation(page, 'Demo Gas Ltd');
    await page.goto('/auditor/Assessment');
    const cards = page.getByRole('list', { name: 'Assessment responses' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    const demoCount = await cards.count();
    expect(demoCount).toBeGreaterThanOrEqual(9);

    // Other Industries: the list, the company filter and the home follow it.
    await switchOrganisation(page, 'Other Industries');
    await expect(page.getByRole('heading', { name: 'Submitted assessments' })).toBeVisible();
    await page.goto('/auditor/Assessment');
    // The company filter searches the working organisation's contractors only (issue 63: on the server).
    await page.getByRole('combobox', { name: 'Company' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('listbox').getByRole('option')).toContainText('Other Fabrication Co');
    await page.keyboard.press('Escape');
    // Every card shown is Other Industries' (none of Demo Gas's nine).
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    for (const card of await cards.all()) await expect(card).toContainText('Other Fabrication Co');
    expect(await cards.count()).toBeLessThan(demoCount);
    // The server holds it there too: a call naming Demo Gas is refused.
    const demoId = (await organisationsOf(page))['Demo Gas Ltd'];
    const refused = await page.request.post('/api/assessment/responses/getResponsesByCompanyIds', { data: { companyIds: [demoId] } });
    expect(refused.status()).toBe(404);
    await expectAccessible(page);
    await shot(page, `org-auditor-scope-other-${width}`);

    await page.goto('/auditor/engagement');
    await expect(page.getByRole('heading', { level: 1, name: 'Engagement' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `org-auditor-scope-engagement-${width}`);
    done();
    await page.context().close();
  });

  test(`the overview colours each card by its score's band and finds responses by name (${width} px)`, async ({ browser }) => {
    const { page, done } = await session(browser, ADMIN, width);
    await page.goto('/sapphire/Assessment');
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Completed' }).click();
    const list = page.getByRole('list', { name: 'Assessment responses' });
    // The seed: Environmental Compliance Review at 85 % (Green) and at 30 % (Red), both Completed.
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Environmental');
    const env = list.getByRole('article', { name: 'Environmental Compliance Review' });
    await expect(env).toHaveCount(2);
    const red = env.filter({ hasText: /\d% Red/ });
    const green = env.filter({ hasText: /\d% Green/ });
    await expect(red).toHaveAttribute('data-band', 'RED');
    await expect(green).toHaveAttribute('data-band', 'GREEN');
    // The stripe is the band's theme colour; the status keeps its own chip.
    expect(await red.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(211, 47, 47)');
    expect(await green.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(46, 125, 50)');
    await expect(red.getByText('Completed', { exact: true })).toBeVisible();
    // The whole status, not "Com…", beside a long name at either width.
    const chip = red.getByText('Completed', { exact: true });
    expect(await chip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // The name search is the server's: a company's name finds its responses, paged.
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'All' }).click();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('scaffolding');
    // Once the server's answer is in, every card is one of that company's (or names it).
    await expect(list.getByRole('article').filter({ hasNotText: /scaffolding/i })).toHaveCount(0);
    await expect(list.getByRole('article').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(`nothing-${attemptSuffix()}`);
    await expect(page.getByText('No responses match these filters.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Environmental');
    await expect(env).toHaveCount(2);
    await expectAccessible(page);
    await shot(page, `org-auditor-overview-bands-${width}`);
    done();
    await page.context().close();
  });

  test(`overdue responses are marked on the overview and the auditor's list, never a submitted or completed one (${width} px)`, async ({ browser }) => {
    // No demo response is past its due date, and the API refuses a due date in the past: the
    // browsers' clocks move 120 days on instead, past every demo due date (the latest is in 90).
    const later = new Date(Date.now() + 120 * 24 * 60 * 60 * 1000);
    for (const [email, path] of [
      [ADMIN, '/sapphire/Assessment'],
      [AUDITOR1, '/auditor/Assessment'],
    ] as const) {
      const { page, done } = await session(browser, email, width, later);
      await page.goto(path);
      const list = page.getByRole('list', { name: 'Assessment responses' });
      await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
      // The seed's Working at Height Audit is PENDING for contractor1: overdue now.
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('Working at Height');
      const pending = list.locator('article[data-status="PENDING"]', { hasText: 'Working at Height Audit' });
      await expect(pending.first()).toBeVisible();
      await expect(pending.first().getByText(/^Overdue since \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
      // Its COMPLETED sibling (contractor2) is never overdue.
      const completed = list.locator('article[data-status="COMPLETED"]', { hasText: 'Working at Height Audit' });
      await expect(completed.first()).toBeVisible();
      await expect(completed.locator('[data-overdue]')).toHaveCount(0);
      // Over the whole list: every chip is on a PENDING or REASSESSMENT card.
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
      await expect(list.locator('[data-overdue]').first()).toBeVisible();
      await expect(list.locator('article[data-status="SUBMITTED"] [data-overdue], article[data-status="COMPLETED"] [data-overdue]')).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, `org-auditor-overdue-${email.startsWith('admin') ? 'organisation' : 'auditor'}-${width}`);
      done();
      await page.context().close();
    }
  });

  test(`the organisation assigns an auditor; it sees the response first, "Assigned to you" (${width} px)`, async ({ browser }) => {
    const admin = await session(browser, ADMIN, width);
    const me = await admin.page.request.get('/api/auth/me');
    const companyId = ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
    const submitted = await call<{ items: Summary[] }>(admin.page, '/api/assessment/responses/getResponsesByCompanyIds', {
      companyIds: [companyId],
      status: 'SUBMITTED',
      sort: 'OTN',
      pageSize: 200,
    });
    // Whatever earlier attempts assigned is undone first; the oldest SUBMITTED response is the target.
    for (const r of submitted.items.filter((x) => x.assignedAuditor)) {
      await call(admin.page, '/api/assessment/responses/assignAuditor', { responseId: r._id, auditorId: null });
    }
    const target = submitted.items[0];
    if (!target) throw new Error('no SUBMITTED response in the demo organisation');

    await admin.page.goto(`/sapphire/Cap_AssesmentView/${target._id}`);
    const select = admin.page.getByLabel('Assigned auditor');
    await expect(select).toBeEnabled();
    await select.selectOption({ label: 'Safeguard Inspections' });
    await expect(admin.page.getByText('Assigned to Safeguard Inspections').first()).toBeVisible();
    await expectAccessible(admin.page);
    await shot(admin.page, `org-auditor-assign-${width}`);
    admin.done();

    const auditor = await session(browser, AUDITOR1, width);
    await expect(auditor.page).toHaveURL('/auditor/dashboard');
    const first = auditor.page.getByRole('list', { name: 'Submitted assessments waiting for review' }).getByRole('article').first();
    await expect(first).toHaveAttribute('aria-label', target.assessment.name);
    await expect(first.getByText('Assigned to you')).toBeVisible();
    await expectAccessible(auditor.page);
    await shot(auditor.page, `org-auditor-assigned-home-${width}`);
    auditor.done();

    // Undone, so that the other scenarios meet the list as seeded.
    await call(admin.page, '/api/assessment/responses/assignAuditor', { responseId: target._id, auditorId: null });
    await admin.page.context().close();
    await auditor.page.context().close();
  });

  test(`an auditor opens a REASSESSMENT checklist to chat; a COMPLETED chat is read-only; no dead attach button (${width} px)`, async ({
    browser,
  }) => {
    const { page, done } = await session(browser, AUDITOR1, width);
    const me = await page.request.get('/api/auth/me');
    const companyId = ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
    const all = await call<{ items: Summary[] }>(page, '/api/assessment/responses/getResponsesByCompanyIds', {
      companyIds: [companyId],
      pageSize: 200,
    });
    const reassessment = all.items.find((r) => r.status === 'REASSESSMENT');
    const completed = all.items.find((r) => r.status === 'COMPLETED');
    if (!reassessment || !completed) throw new Error('the demo seed lacks a REASSESSMENT or COMPLETED response');

    await page.goto(`/auditor/assessment/${reassessment._id}/categories`);
    const rows = page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('listitem');
    const category = (await rows.first().getAttribute('data-category')) ?? '';
    await rows.first().getByRole('link', { name: category }).click();
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
    await expect(page).toHaveURL(/\/auditor\/assessment\/[^/]+\/Categories\/[^/]+$/);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Attach a file to question/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Chat about question 1' }).click();
    const chat = page.getByRole('dialog').last();
    const text = `Please add the signed copy (${attemptSuffix()})`;
    await chat.getByRole('textbox', { name: 'Message' }).fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
    await expectAccessible(page);
    await shot(page, `org-auditor-reassessment-chat-${width}`);
    await chat.getByRole('button', { name: 'Close chat' }).click();

    await page.goto(`/auditor/assessment/${completed._id}/categories`);
    const done2 = page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('listitem');
    const cat2 = (await done2.first().getAttribute('data-category')) ?? '';
    await done2.first().getByRole('link', { name: cat2 }).click();
    await page.getByRole('button', { name: 'Chat about question 1' }).click();
    const readOnly = page.getByRole('dialog').last();
    await expect(readOnly.getByText('This assessment is completed: its chat can be read but no longer written.')).toBeVisible();
    await expect(readOnly.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `org-auditor-completed-chat-${width}`);
    done();
    await page.context().close();
  });

  test(`the organisation's response view and checklist have no attach button; questions are chatted about (${width} px)`, async ({
    browser,
  }) => {
    const { page, done } = await session(browser, ADMIN, width);
    const me = await page.request.get('/api/auth/me');
    const companyId = ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
    const submitted = await call<{ items: Summary[] }>(page, '/api/assessment/responses/getResponsesByCompanyIds', {
      companyIds: [companyId],
      status: 'SUBMITTED',
      pageSize: 200,
    });
    const target = submitted.items[0];
    if (!target) throw new Error('no SUBMITTED response in the demo organisation');

    // The response view's question table: the chat is there, no attach button (it would be dead).
    await page.goto(`/sapphire/Cap_AssesmentView/${target._id}`);
    await expect(page.getByRole('button', { name: 'Chat about question 1' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Attach a file to question/ })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `org-auditor-org-response-no-attach-${width}`);

    // Its category's checklist: the same.
    const rows = page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('listitem');
    const category = (await rows.first().getAttribute('data-category')) ?? '';
    await rows.first().getByRole('link', { name: category }).click();
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chat about question 1' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Attach a file to question/ })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `org-auditor-org-checklist-no-attach-${width}`);
    done();
    await page.context().close();
  });

  test(`a fractional score says "Marks must be a whole number" (${width} px)`, async ({ browser }) => {
    const { page, done } = await session(browser, AUDITOR1, width);
    const me = await page.request.get('/api/auth/me');
    const companyId = ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
    const submitted = await call<{ items: Summary[] }>(page, '/api/assessment/responses/getResponsesByCompanyIds', {
      companyIds: [companyId],
      status: 'SUBMITTED',
      pageSize: 200,
    });
    const target = submitted.items[0];
    if (!target) throw new Error('no SUBMITTED response in the demo organisation');
    await page.goto(`/auditor/assessment/${target._id}/categories`);
    const rows = page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('listitem');
    const category = (await rows.first().getAttribute('data-category')) ?? '';
    await rows.first().getByRole('link', { name: category }).click();
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
    // Every question accepted (on the screen only: nothing is saved while the score is refused).
    const questions = page.locator('[data-question]');
    const count = await questions.count();
    for (let i = 0; i < count; i += 1) await questions.nth(i).getByRole('radio', { name: 'Accept' }).check();
    const score = page.getByRole('textbox', { name: `Score of ${category}` });
    await expect(score).toBeEnabled();
    await score.fill('2.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Marks must be a whole number')).toBeVisible();
    await expect(page.getByText('Marks should be positive')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auditor\/assessment\/[^/]+\/Categories\/[^/]+$/);
    await expectAccessible(page);
    await shot(page, `org-auditor-fractional-score-${width}`);
    done();
    await page.context().close();
  });
}

test('the question import skips the sample header (with a BOM) and reports it', async ({ browser }) => {
  for (const width of WIDTHS) {
    const { page, done } = await session(browser, ADMIN, width);
    await page.goto('/sapphire/Add_Assessment');
    await page.getByRole('button', { name: 'Add Question' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    await dialog.getByRole('tab', { name: 'Import Questions' }).click();
    const question = `Is the e2e import checked ${attemptSuffix()}?`;
    await dialog.getByTestId('questions-file-input').setInputFiles({
      name: 'Sample_Questions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFFQuestion\r\n${question}\r\n`),
    });
    await expect(dialog.getByText('1 question ready to import')).toBeVisible();
    await expect(dialog.getByText('Row 1: "Question": header row')).toBeVisible();
    // The tabs fit the dialog at 390 px: no sideways scroll of the page, and every tab lies inside
    // the dialog (a scrolling tab row keeps the page still while hiding a tab past its edge).
    await expectNoSideScroll(page);
    const frame = await dialog.boundingBox();
    if (!frame) throw new Error('the Add Question dialog has no box');
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveCount(3);
    for (const tab of await tabs.all()) {
      const name = (await tab.textContent()) ?? '';
      await expectInsideWidth(tab, `tab ${name} (inside the dialog)`, { left: frame.x, right: frame.x + frame.width });
    }
    await expectAccessible(page);
    await shot(page, `org-auditor-import-header-${width}`);
    done();
    await page.context().close();
  }
});
