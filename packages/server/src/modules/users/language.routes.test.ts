import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { hindi } from '@palisade/domain/i18n/hi/tables';
import { auditLog } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo';
import { demoSessions, type DemoSessions } from '../../test/demo-sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAssessment, demoBank, mailsOf, notificationsOf } from '../../test/notifications-helpers';

const SET = '/api/profile/setLanguage';
const hi = hindi;

let t: TestApp;
let s: DemoSessions;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) => (await t.get<Profile>('/api/auth/me', cookie)).body.data;

describe('POST /api/profile/setLanguage (issue 60)', () => {
  it('refuses no session (401) and what is no language (400, with the field)', async () => {
    expect((await t.post(SET, { language: 'hi' })).status).toBe(401);
    for (const body of [{}, { language: 'fr' }, { language: 7 }, { language: '' }]) {
      const reply = await t.post(SET, body, s.c2);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toMatch(/language/);
    }
    expect((await me(s.c2)).language).toBeNull();
  });

  it("keeps the user's language, in its reply and profile, logs it, and touches no one else", async () => {
    const reply = await t.post<Profile>(SET, { language: 'hi' }, s.c2);
    expect(reply.status, reply.body.message).toBe(200);
    expect(reply.body.data.language).toBe('hi');
    expect(reply.body.message).toBe(hi.profileMessages.preferencesSaved);
    expect((await me(s.c2)).language).toBe('hi');
    // Another user of the same organisation, and the other organisation's admin: unchanged.
    expect((await me(s.c1)).language).toBeNull();
    expect((await me(s.otherAdmin)).language).toBeNull();
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, await t.userId('contractor2@demo.test')), eq(auditLog.action, 'profile.language')));
    expect(logged.map((row) => row.after)).toEqual([{ language: 'hi' }]);
  });

  it("answers a Hindi user in Hindi: a schema's message, a service's error, a success; an English user stays in English", async () => {
    // Made when the schema's module loaded (English), read again in the user's language.
    const invalid = await t.post('/api/profile/updateProfile', { name: '' }, s.c2);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(hi.profileMessages.nameRequired);
    const english = await t.post('/api/profile/updateProfile', { name: '' }, s.c1);
    expect(english.body.message).toBe(messages.profile.nameRequired);
    // An error of the request itself (another organisation's company: 404).
    const hidden = await t.post('/api/company/getCompanyById', { companyId: s.otherOrg }, s.c2);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(hi.coreMessages.http.notFound);
    // A text with an argument, made while the request runs.
    const saved = await t.post<Profile>('/api/profile/updateProfile', { name: 'Second Contractor' }, s.c2);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(hi.profileMessages.saved);
    // Back to English: the next reply is English.
    expect((await t.post(SET, { language: 'en' }, s.c2)).body.message).toBe(messages.profile.preferencesSaved);
    expect((await t.post('/api/profile/updateProfile', { name: '' }, s.c2)).body.message).toBe(messages.profile.nameRequired);
  });
});

describe('the language before sign-in and at sign-in (issue 60)', () => {
  it('answers in the language of Accept-Language until the user has one of their own', async () => {
    const wrong = await t.post('/api/auth/signIn', { email: 'auditor2@demo.test', password: 'Wrong@1234' }, undefined, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(hi.coreMessages.auth.wrongPassword);
    const invalid = await t.post('/api/auth/signIn', { email: 'not-an-email', password: 'x' }, undefined, { 'accept-language': 'hi' });
    expect(invalid.body.message).toBe(hi.coreMessages.auth.emailInvalid);
    const english = await t.post('/api/auth/signIn', { email: 'auditor2@demo.test', password: 'Wrong@1234' }, undefined, { 'accept-language': 'fr-FR,en;q=0.5' });
    expect(english.body.message).toBe(messages.auth.wrongPassword);
  });

  it('keeps the language chosen on the sign-in page as the user\'s; a value that is no language is left unused', async () => {
    const ignored = await t.post<Profile>('/api/auth/signIn', { email: 'auditor2@demo.test', password: DEMO_PASSWORD, language: 'xx' });
    expect(ignored.status, ignored.body.message).toBe(200);
    expect(ignored.body.data.language).toBeNull();
    const chosen = await t.post<Profile>('/api/auth/signIn', { email: 'auditor2@demo.test', password: DEMO_PASSWORD, language: 'hi' });
    expect(chosen.status, chosen.body.message).toBe(200);
    expect(chosen.body.data.language).toBe('hi');
    const cookie = String(chosen.headers['set-cookie']).split(';')[0] ?? '';
    expect((await me(cookie)).language).toBe('hi');
    // Signed in, the user's own language wins over the browser's.
    const refused = await t.post('/api/profile/updateProfile', { name: '' }, cookie, { 'accept-language': 'en' });
    expect(refused.body.message).toBe(hi.profileMessages.nameRequired);
  });
});

describe('notifications and mails in each recipient\'s language (issue 60)', () => {
  it('tells a Hindi contractor of a shared assessment in Hindi, in the bell and by mail, and an English one in English', async () => {
    const c1Id = s.c1Id;
    const c2Id = s.c2Id;
    expect((await t.post(SET, { language: 'hi' }, s.c2)).status).toBe(200);
    const bank = await demoBank(t, s.admin, s.demoOrg);
    const name = 'Hindi notice check';
    await createAssessment(t, s.admin, bank, name, [c1Id, c2Id]);
    const rows = await notificationsOf(t.db, 'assessment_shared', name);
    const organisation = (await t.post<{ name: string }>('/api/company/getCompanyById', { companyId: s.demoOrg }, s.admin)).body.data.name;
    const ofC2 = rows.find((n) => n.userId === c2Id);
    const ofC1 = rows.find((n) => n.userId === c1Id);
    expect(ofC2?.title).toBe(hi.notificationMessages.assessmentShared(name, organisation).title);
    expect(ofC2?.body).toBe(hi.notificationMessages.assessmentShared(name, organisation).body);
    expect(ofC1?.title).toBe(messages.notifications.assessmentShared(name, organisation).title);
    const mails = await mailsOf(t.db, rows.map((n) => n.id));
    const mailOfC2 = mails.find((m) => m.userId === c2Id);
    expect(mailOfC2?.subject).toContain(hi.notificationMessages.assessmentShared(name, organisation).title);
    expect(mailOfC2?.htmlBody).toContain('<html lang="hi">');
    expect(mailOfC2?.textBody).toContain(hi.notificationMessages.mailOpen);
    expect(mails.find((m) => m.userId === c1Id)?.htmlBody).toContain('<html lang="en">');
  });
});
