import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { BULK_COMPANY_HEADER } from '@palisade/domain/users/bulk.rules';
import { auditLog, userOrganisations, users } from '../../db/schema';
import { sendChat } from '../../test/chat-helpers';
import { createTestApp, oobCodeOf, PNG_BYTES, type TestApp } from '../../test/test-app';

interface Contractor {
  _id: string;
  contractorId: string;
  name: string;
  location: string | null;
  emailid: string;
  contactPersonName: string | null;
  mobile: string | null;
  code: string | null;
  isActive: boolean;
  companyId: string | null;
  assoc_companies: string[];
  profileImage: { fileLink: string } | null;
  invitationSent?: boolean;
}
interface Tpi {
  _id: string;
  tpiId: string;
  name: string;
  email: string;
  phoneNo: string | null;
  code: string | null;
  contactPersonName: string | null;
  isActive: boolean;
  assoc_companies: string[];
  invitationSent?: boolean;
}
interface BulkReport {
  created: Contractor[];
  createdCount: number;
  skipped: { row: number; field: string; reason: string }[];
  invalid: { row: number; field: string; message: string }[];
  invitationsSent: number;
}

const m = messages.users;
const NEW_PASSWORD = 'Invite@123';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let contractor1: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;
const ids: Record<string, string> = {};

/** A contractor company body; `word` must be letters only (the name rule). */
const company = (word: string, extra: Record<string, unknown> = {}) => ({
  name: `${word} Scaffolding`,
  location: 'Aberdeen',
  emailid: `${word.toLowerCase()}@company.test`,
  contactPersonName: 'Callum Reid',
  ...extra,
});
const auditor = (word: string, extra: Record<string, unknown> = {}) => ({
  name: `${word} Inspections`,
  email: `${word.toLowerCase()}@auditor.test`,
  contactPersonName: 'Alex Morgan',
  ...extra,
});

/** Follows the invitation mailed to `email`: sets the password and signs in. */
async function acceptInvitation(email: string): Promise<string> {
  const links = await t.outboxLinks(email);
  expect(links).toHaveLength(1);
  const reset = await t.post('/api/auth/confirmPasswordReset', { oobCode: oobCodeOf(links[0] ?? ''), newPassword: NEW_PASSWORD });
  expect(reset.status).toBe(200);
  return t.signIn(email, NEW_PASSWORD);
}

async function listNames(url: string, cookie: string, body?: unknown): Promise<string[]> {
  const res = body === undefined ? await t.get<{ name: string }[]>(url, cookie) : await t.post<{ name: string }[]>(url, body, cookie);
  expect(res.status).toBe(200);
  return res.body.data.map((r) => r.name);
}

/** 401 without a session; 403 for every cookie given. */
async function expectRefused(url: string, body: unknown, cookies: string[], method: 'GET' | 'POST' = 'POST'): Promise<void> {
  const none = method === 'GET' ? await t.get(url) : await t.post(url, body);
  expect(none.status).toBe(401);
  for (const cookie of cookies) {
    const res = method === 'GET' ? await t.get(url, cookie) : await t.post(url, body, cookie);
    expect(res.status).toBe(403);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  contractor1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  for (const email of ['contractor1@demo.test', 'contractor2@demo.test', 'contractor3@demo.test', 'auditor1@demo.test', 'auditor2@demo.test', 'contractor@other.test']) {
    ids[email] = await t.userId(email);
  }
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/contractor/createContractor and /api/company/createCompany', () => {
  it('creates a contractor company of the caller\'s organisation and mails an invitation', async () => {
    const res = await t.post<Contractor>('/api/contractor/createContractor', company('Alpha', { emailid: 'Alpha@Company.test' }), admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.companyAdded);
    expect(res.body.data).toMatchObject({
      name: 'Alpha Scaffolding',
      location: 'Aberdeen',
      emailid: 'alpha@company.test',
      contactPersonName: 'Callum Reid',
      mobile: null,
      code: null,
      isActive: true,
      companyId: demoOrg,
      assoc_companies: [demoOrg],
      invitationSent: true,
    });
    const id = res.body.data._id;
    expect(res.body.data.contractorId).toBe(id);

    // No password yet: sign-in says so until the invitation is used.
    const early = await t.post('/api/auth/signIn', { email: 'alpha@company.test', password: NEW_PASSWORD });
    expect(early.status).toBe(401);
    expect(early.body.message).toBe(messages.auth.noPasswordYet);

    const cookie = await acceptInvitation('alpha@company.test');
    const me = await t.get<Profile>('/api/auth/me', cookie);
    expect(me.body.data).toMatchObject({ _id: id, type: 3, cmp_id: demoOrg, name: 'Alpha Scaffolding' });

    expect(await listNames('/api/contractor/getAllContractors', admin)).toContain('Alpha Scaffolding');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toContain('contractor.create');
  });

  it('company/createCompany does the same, with optional code and mobile stored in E.164', async () => {
    const res = await t.post<Contractor>('/api/company/createCompany', company('Bravo', { code: 'BRV-1', mobile: '9123400001', cmp_id: demoOrg }), admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.companyAdded);
    expect(res.body.data).toMatchObject({ name: 'Bravo Scaffolding', code: 'BRV-1', mobile: '+919123400001', companyId: demoOrg });
    expect(await t.outboxLinks('bravo@company.test')).toHaveLength(1);
    const empty = await t.post<Contractor>('/api/company/createCompany', company('Charlie', { code: '', mobile: '' }), admin);
    expect(empty.body.data).toMatchObject({ code: null, mobile: null });
  });

  it('refuses an email any account holds, whatever its kind or organisation', async () => {
    for (const emailid of ['auditor1@demo.test', 'Contractor1@Demo.test', 'admin@other.test', 'employee1@demo.test']) {
      const res = await t.post('/api/contractor/createContractor', company('Delta', { emailid }), admin);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(m.emailExists);
      expect(res.body.data).toMatchObject({ field: 'emailid' });
    }
  });

  it('lets only one of two simultaneous adds with the same email through', async () => {
    const [a, b] = await Promise.all([
      t.post('/api/contractor/createContractor', company('Kappa'), admin),
      t.post('/api/tpi/createTpi', auditor('Kappa', { email: 'kappa@company.test' }), admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.message).toBe(m.emailExists);
  });

  it('refuses a name, code or phone already used by a contractor of the organisation, not of another', async () => {
    const name = await t.post('/api/company/createCompany', company('Delta', { name: 'north sea scaffolding' }), admin);
    expect(name.status).toBe(409);
    expect(name.body.message).toBe(m.nameExists);
    const code = await t.post('/api/company/createCompany', company('Delta', { code: 'con-001' }), admin);
    expect(code.body.message).toBe(m.codeExists);
    const phone = await t.post('/api/company/createCompany', company('Delta', { mobile: '9876500010' }), admin);
    expect(phone.body.message).toBe(m.phoneExists);
    // Another organisation's contractor of that name does not count; nor does an auditor's name.
    const foreignName = await t.post('/api/company/createCompany', company('Echo', { name: 'Other Fabrication Co' }), admin);
    expect(foreignName.status).toBe(200);
    const auditorName = await t.post('/api/company/createCompany', company('Foxtrot', { name: 'Northern Audit Partners' }), admin);
    expect(auditorName.status).toBe(200);
  });

  it('refuses bad input with the form texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [company('Golf', { name: 'Ab' }), m.nameMin],
      [company('Golf', { name: 'Golf 2 Ltd' }), m.nameInvalid],
      [company('Golf', { name: '' }), m.nameRequired],
      [company('Golf', { emailid: 'not-an-email' }), m.validEmail],
      [company('Golf', { emailid: '' }), m.emailRequired],
      [company('Golf', { location: '' }), m.locationRequired],
      [company('Golf', { location: 'X' }), m.locationInvalid],
      [company('Golf', { contactPersonName: 'R2D2' }), m.contactPersonInvalid],
      [company('Golf', { code: 'a b' }), m.codeInvalid],
      [company('Golf', { mobile: '12345' }), messages.profile.phoneInvalid],
      [{}, m.nameRequired],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/api/contractor/createContractor', body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses another organisation's cmp_id, no session and the other user types", async () => {
    expect((await t.post('/api/contractor/createContractor', company('Hotel', { cmp_id: otherOrg }), admin)).status).toBe(404);
    await expectRefused('/api/contractor/createContractor', company('Hotel'), [contractor1, auditor1, employee]);
    await expectRefused('/api/company/createCompany', company('Hotel'), [contractor1, auditor1]);
    expect(await t.outboxLinks('hotel@company.test')).toHaveLength(0);
  });
});

describe('POST /api/tpi/createTpi', () => {
  it('creates an auditor of the organisation, invited to set a password', async () => {
    const res = await t.post<Tpi>('/api/tpi/createTpi', auditor('India', { code: 'TPI-IN', phoneNo: '9123400002' }), admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.auditorAdded);
    expect(res.body.data).toMatchObject({
      name: 'India Inspections',
      email: 'india@auditor.test',
      contactPersonName: 'Alex Morgan',
      code: 'TPI-IN',
      phoneNo: '+919123400002',
      isActive: true,
      assoc_companies: [demoOrg],
      invitationSent: true,
    });
    expect(res.body.data.tpiId).toBe(res.body.data._id);
    const cookie = await acceptInvitation('india@auditor.test');
    expect((await t.get<Profile>('/api/auth/me', cookie)).body.data).toMatchObject({ type: 4, cmp_id: demoOrg });
    expect(await listNames('/api/tpi/getAllTpis', admin)).toContain('India Inspections');
  });

  it("refuses a contractor's email (duplicates across account kinds) and a taken auditor name", async () => {
    const email = await t.post('/api/tpi/createTpi', auditor('Juliet', { email: 'contractor1@demo.test' }), admin);
    expect(email.status).toBe(409);
    expect(email.body.message).toBe(m.emailExists);
    expect(email.body.data).toMatchObject({ field: 'email' });
    const name = await t.post('/api/tpi/createTpi', auditor('Juliet', { name: 'SAFEGUARD INSPECTIONS' }), admin);
    expect(name.status).toBe(409);
    expect(name.body.message).toBe(m.nameExists);
    const code = await t.post('/api/tpi/createTpi', auditor('Juliet', { code: 'TPI-001' }), admin);
    expect(code.body.message).toBe(m.codeExists);
  });

  it('refuses bad input, no session and the other user types', async () => {
    for (const [body, message] of [
      [auditor('Kilo', { name: 'K' }), m.nameMin],
      [auditor('Kilo', { email: 'kilo@' }), m.validEmail],
      [auditor('Kilo', { contactPersonName: '' }), m.contactPersonRequired],
      [auditor('Kilo', { phoneNo: '98765432100' }), messages.profile.phoneInvalid],
    ] as const) {
      const res = await t.post('/api/tpi/createTpi', body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.post('/api/tpi/createTpi', auditor('Kilo', { cmp_id: otherOrg }), admin)).status).toBe(404);
    await expectRefused('/api/tpi/createTpi', auditor('Kilo'), [contractor1, auditor1, employee]);
  });
});

describe('exists checks of company/, contractor/ and tpi/', () => {
  const check = async (url: string, body: unknown, cookie = admin) => {
    const res = await t.post<{ exists: boolean }>(url, body, cookie);
    expect(res.status).toBe(200);
    return res.body.data.exists;
  };

  it("email: any account of any kind in the caller's organisation, never another tenant's", async () => {
    for (const prefix of ['company', 'contractor', 'tpi']) {
      const url = `/api/${prefix}/checkEmailExists`;
      expect(await check(url, { email: 'Contractor1@demo.test' })).toBe(true);
      expect(await check(url, { email: 'auditor1@demo.test' })).toBe(true);
      expect(await check(url, { email: 'auditor2@demo.test' })).toBe(true); // serves both
      expect(await check(url, { email: 'auditor2@demo.test' }, otherAdmin)).toBe(true);
      expect(await check(url, { email: 'contractor@other.test' })).toBe(false);
      expect(await check(url, { email: 'admin@other.test' })).toBe(false);
      expect(await check(url, { email: 'contractor1@demo.test' }, otherAdmin)).toBe(false);
      expect(await check(url, { email: 'nobody@nowhere.test' })).toBe(false);
      expect(await check(url, { email: 'contractor1@demo.test', excludeId: ids['contractor1@demo.test'] })).toBe(false);
    }
    // Emails stay unique everywhere: a create still refuses another tenant's (tested above).
  });

  it("lists a shared auditor with the caller's organisations only", async () => {
    const mine = await t.get<Tpi[]>('/api/tpi/getAllTpis', admin);
    expect(mine.body.data.find((a) => a.email === 'auditor2@demo.test')?.assoc_companies).toEqual([demoOrg]);
    const theirs = await t.get<Tpi[]>('/api/tpi/getAllTpis', otherAdmin);
    expect(theirs.body.data.find((a) => a.email === 'auditor2@demo.test')?.assoc_companies).toEqual([otherOrg]);
  });

  it("name, code and phone: the same kind, in the caller's organisation", async () => {
    for (const prefix of ['company', 'contractor']) {
      expect(await check(`/api/${prefix}/checkNameExists`, { name: 'north sea scaffolding' })).toBe(true);
      expect(await check(`/api/${prefix}/checkNameExists`, { name: 'Safeguard Inspections' })).toBe(false);
      expect(await check(`/api/${prefix}/checkNameExists`, { name: 'Other Fabrication Co' }, otherAdmin)).toBe(true);
      expect(await check(`/api/${prefix}/checkNameExists`, { name: 'North Sea Scaffolding' }, otherAdmin)).toBe(false);
      expect(await check(`/api/${prefix}/checkNameExists`, { name: 'North Sea Scaffolding', excludeId: ids['contractor1@demo.test'] })).toBe(false);
      expect(await check(`/api/${prefix}/checkCodeExists`, { code: 'con-002' })).toBe(true);
      expect(await check(`/api/${prefix}/checkCodeExists`, { code: 'TPI-001' })).toBe(false);
      expect(await check(`/api/${prefix}/checkPhoneNumberExists`, { phoneNo: '9876500011' })).toBe(true);
      expect(await check(`/api/${prefix}/checkPhoneNumberExists`, { phoneNo: '9876500020' })).toBe(false);
    }
    expect(await check('/api/tpi/checkNameExists', { name: 'Safeguard Inspections' })).toBe(true);
    expect(await check('/api/tpi/checkNameExists', { name: 'North Sea Scaffolding' })).toBe(false);
    expect(await check('/api/tpi/checkCodeExists', { code: 'TPI-002' })).toBe(true);
    expect(await check('/api/tpi/checkPhoneNumberExists', { phoneNo: '9876500020' })).toBe(true);
    expect(await check('/api/tpi/checkPhoneNumberExists', { phoneNo: '9876500020', excludeId: ids['auditor1@demo.test'] })).toBe(false);
  });

  it('refuses bad input, no session and the other user types', async () => {
    for (const prefix of ['company', 'contractor', 'tpi']) {
      const bad: [string, unknown, string][] = [
        ['checkEmailExists', { email: 'x' }, m.validEmail],
        ['checkNameExists', { name: 'A1' }, m.nameMin],
        ['checkCodeExists', { code: 'a b' }, m.codeInvalid],
        ['checkPhoneNumberExists', { phoneNo: '12' }, messages.profile.phoneInvalid],
      ];
      for (const [call, body, message] of bad) {
        const res = await t.post(`/api/${prefix}/${call}`, body, admin);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        await expectRefused(`/api/${prefix}/${call}`, { email: 'a@b.co', name: 'Abc', code: 'A', phoneNo: '9876543210' }, [contractor1, auditor1]);
      }
    }
  });
});

describe('POST /api/contractor/editContractor and /api/company/editCompany', () => {
  it('changes the given fields, keeps the rest and logs before and after', async () => {
    const id = ids['contractor3@demo.test'] ?? '';
    const res = await t.post<Contractor>(
      '/api/contractor/editContractor',
      { contractorId: id, updateData: { name: 'Granite Civil Engineering', location: 'Fort William', code: 'CON-003B', mobile: '9123400003' } },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.companyEdited);
    expect(res.body.data).toMatchObject({
      _id: id,
      name: 'Granite Civil Engineering',
      location: 'Fort William',
      code: 'CON-003B',
      mobile: '+919123400003',
      emailid: 'contractor3@demo.test',
      contactPersonName: 'Tom Fraser',
    });
    const same = await t.post<Contractor>('/api/company/editCompany', { contractorId: id, updateData: { contactPersonName: 'Tom Fraser Jr', name: 'Granite Civil Engineering' } }, admin);
    expect(same.status).toBe(200);
    expect(same.body.data.contactPersonName).toBe('Tom Fraser Jr');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id).limit(1);
    expect(entry).toMatchObject({ action: 'contractor.edit', before: { name: 'Granite Civil Works' }, after: { name: 'Granite Civil Engineering' } });
  });

  it('refuses values another account holds, with the edit texts', async () => {
    const id = ids['contractor3@demo.test'];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ emailid: 'auditor1@demo.test' }, m.emailNoExists, 'emailid'],
      [{ name: 'Harbour Electrical Services' }, m.nameExists, 'name'],
      [{ code: 'CON-002' }, m.codeExists, 'code'],
      [{ mobile: '9876500011' }, m.phoneExists, 'mobile'],
    ];
    for (const [updateData, message, field] of cases) {
      const res = await t.post('/api/contractor/editContractor', { contractorId: id, updateData }, admin);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
      expect(res.body.data).toMatchObject({ field });
    }
  });

  it('changes the sign-in email', async () => {
    const created = await t.post<Contractor>('/api/company/createCompany', company('Lima'), admin);
    const id = created.body.data._id;
    await acceptInvitation('lima@company.test');
    const res = await t.post<Contractor>('/api/company/editCompany', { contractorId: id, updateData: { emailid: 'Lima.New@Company.test' } }, admin);
    expect(res.body.data.emailid).toBe('lima.new@company.test');
    expect((await t.post('/api/auth/signIn', { email: 'lima.new@company.test', password: NEW_PASSWORD })).status).toBe(200);
    expect((await t.post('/api/auth/signIn', { email: 'lima@company.test', password: NEW_PASSWORD })).status).toBe(404);
  });

  it("refuses another organisation's contractor, an auditor's id, bad input, no session and other types", async () => {
    const body = (contractorId: string | undefined) => ({ contractorId, updateData: { location: 'Leeds' } });
    expect((await t.post('/api/contractor/editContractor', body(ids['contractor@other.test']), admin)).status).toBe(404);
    expect((await t.post('/api/company/editCompany', body(ids['contractor1@demo.test']), otherAdmin)).status).toBe(404);
    expect((await t.post('/api/contractor/editContractor', body(ids['auditor1@demo.test']), admin)).status).toBe(404);
    expect((await t.post('/api/contractor/editContractor', body('no-such-id'), admin)).status).toBe(404);
    const empty = await t.post('/api/contractor/editContractor', { contractorId: ids['contractor3@demo.test'], updateData: {} }, admin);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(m.nothingToUpdate);
    const badCode = await t.post('/api/contractor/editContractor', { contractorId: ids['contractor3@demo.test'], updateData: { code: 'a b' } }, admin);
    expect(badCode.body.message).toBe(m.codeInvalid);
    const noId = await t.post('/api/contractor/editContractor', { updateData: { location: 'Leeds' } }, admin);
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('contractorId is required');
    await expectRefused('/api/contractor/editContractor', body(ids['contractor3@demo.test']), [contractor1, auditor1]);
    await expectRefused('/api/company/editCompany', body(ids['contractor3@demo.test']), [contractor1, auditor1]);
  });
});

describe('POST /api/tpi/editTpi', () => {
  it('changes the given fields; refuses taken values', async () => {
    const id = ids['auditor1@demo.test'];
    const res = await t.post<Tpi>('/api/tpi/editTpi', { tpiId: id, updateData: { contactPersonName: 'Alexandra Morgan', code: 'TPI-001', phoneNo: '9876500020' } }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.auditorEdited);
    expect(res.body.data).toMatchObject({ tpiId: id, contactPersonName: 'Alexandra Morgan', code: 'TPI-001', phoneNo: '+919876500020', name: 'Safeguard Inspections' });
    const email = await t.post('/api/tpi/editTpi', { tpiId: id, updateData: { email: 'contractor2@demo.test' } }, admin);
    expect(email.status).toBe(409);
    expect(email.body.message).toBe(m.emailNoExists);
    const code = await t.post('/api/tpi/editTpi', { tpiId: id, updateData: { code: 'tpi-002' } }, admin);
    expect(code.body.message).toBe(m.codeExists);
    const phone = await t.post('/api/tpi/editTpi', { tpiId: id, updateData: { phoneNo: '9876500021' } }, admin);
    expect(phone.body.message).toBe(m.phoneExists);
    const name = await t.post('/api/tpi/editTpi', { tpiId: id, updateData: { name: 'Northern Audit Partners' } }, admin);
    expect(name.body.message).toBe(m.nameExists);
  });

  it('leaves an auditor that also serves another organisation to the operator', async () => {
    const res = await t.post('/api/tpi/editTpi', { tpiId: ids['auditor2@demo.test'], updateData: { contactPersonName: 'Sam Kerr Jr' } }, admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.sharedAccount);
  });

  it("refuses a contractor's id, another organisation's auditor, bad input, no session and other types", async () => {
    const body = (tpiId: string | undefined) => ({ tpiId, updateData: { contactPersonName: 'Alex Morgan' } });
    expect((await t.post('/api/tpi/editTpi', body(ids['contractor1@demo.test']), admin)).status).toBe(404);
    expect((await t.post('/api/tpi/editTpi', body(ids['auditor1@demo.test']), otherAdmin)).status).toBe(404);
    const bad = await t.post('/api/tpi/editTpi', { tpiId: ids['auditor1@demo.test'], updateData: { phoneNo: '12' } }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.profile.phoneInvalid);
    expect((await t.post('/api/tpi/editTpi', { tpiId: 7, updateData: {} }, admin)).status).toBe(400);
    await expectRefused('/api/tpi/editTpi', body(ids['auditor1@demo.test']), [contractor1, auditor1]);
  });
});

describe('account status: changeContractorAccStatus and changeTpiAccStatus', () => {
  it('disabling a company ends its sessions and blocks sign-in; enabling restores it', async () => {
    const id = ids['contractor2@demo.test'];
    const session = await t.signIn('contractor2@demo.test');
    const off = await t.post<Contractor>('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: true }, admin);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(m.companyToggled(false));
    expect(off.body.data.isActive).toBe(false);
    expect((await t.get('/api/auth/me', session)).status).toBe(401);
    const signIn = await t.post('/api/auth/signIn', { email: 'contractor2@demo.test', password: 'Demo@1234' });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(messages.auth.accountDisabled);
    // Still listed (greyed in the table).
    const listed = await t.get<Contractor[]>('/api/contractor/getAllContractors', admin);
    expect(listed.body.data.find((c) => c._id === id)?.isActive).toBe(false);

    const on = await t.post<Contractor>('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: false }, admin);
    expect(on.body.message).toBe(m.companyToggled(true));
    expect(on.body.data.isActive).toBe(true);
    expect((await t.post('/api/auth/signIn', { email: 'contractor2@demo.test', password: 'Demo@1234' })).status).toBe(200);
  });

  it('disabling an auditor does the same', async () => {
    const created = await t.post<Tpi>('/api/tpi/createTpi', auditor('Mike'), admin);
    const id = created.body.data.tpiId;
    const session = await acceptInvitation('mike@auditor.test');
    const off = await t.post<Tpi>('/api/tpi/changeTpiAccStatus', { tpiId: id, disable: true }, admin);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(m.auditorToggled(false));
    expect(off.body.data.isActive).toBe(false);
    expect((await t.get('/api/auth/me', session)).status).toBe(401);
    expect((await t.post('/api/auth/signIn', { email: 'mike@auditor.test', password: NEW_PASSWORD })).status).toBe(403);
    const on = await t.post<Tpi>('/api/tpi/changeTpiAccStatus', { tpiId: id, disable: false }, admin);
    expect(on.body.message).toBe(m.auditorToggled(true));
    expect((await t.post('/api/auth/signIn', { email: 'mike@auditor.test', password: NEW_PASSWORD })).status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['tpi.create', 'tpi.disable', 'tpi.enable']));
  });

  it("refuses another organisation's ids, bad input, no session and other types", async () => {
    expect((await t.post('/api/contractor/changeContractorAccStatus', { contractorId: ids['contractor@other.test'], disable: true }, admin)).status).toBe(404);
    expect((await t.post('/api/tpi/changeTpiAccStatus', { tpiId: ids['auditor1@demo.test'], disable: true }, otherAdmin)).status).toBe(404);
    expect((await t.post('/api/tpi/changeTpiAccStatus', { tpiId: ids['contractor1@demo.test'], disable: true }, admin)).status).toBe(404);
    const bad = await t.post('/api/contractor/changeContractorAccStatus', { contractorId: ids['contractor1@demo.test'], disable: 'yes' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('disable must be true or false');
    await expectRefused('/api/contractor/changeContractorAccStatus', { contractorId: ids['contractor1@demo.test'], disable: true }, [contractor1, auditor1]);
    await expectRefused('/api/tpi/changeTpiAccStatus', { tpiId: ids['auditor1@demo.test'], disable: true }, [contractor1, auditor1]);
    // Nothing was disabled by the refused calls.
    expect((await t.get('/api/auth/me', contractor1)).status).toBe(200);
    expect((await t.get('/api/auth/me', auditor1)).status).toBe(200);
  });
});

describe('account status of an account that also serves another organisation (for this organisation only)', () => {
  const tpiStatus = (tpiId: string | undefined, disable: boolean, cookie: string) =>
    t.post<Tpi>('/api/tpi/changeTpiAccStatus', { tpiId, disable }, cookie);
  const tpiIn = async (cookie: string) =>
    (await t.get<Tpi[]>('/api/tpi/getAllTpis', cookie)).body.data.find((a) => a.email === 'auditor2@demo.test');
  const me = async (cookie: string) => t.get<Profile>('/api/auth/me', cookie);
  const signIn = (email: string, password = 'Demo@1234') => t.post<Profile>('/api/auth/signIn', { email, password });

  it('disables a shared auditor in the caller\'s organisation only: it signs in and works in the other one only', async () => {
    const id = ids['auditor2@demo.test'] ?? '';
    const before = await t.signIn('auditor2@demo.test');
    expect((await me(before)).body.data.cmp_id).toBe(demoOrg);

    const off = await tpiStatus(id, true, admin);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(m.auditorToggled(false));
    expect(off.body.data).toMatchObject({ tpiId: id, isActive: false, sharedAccount: true, assoc_companies: [demoOrg] });
    // Shown disabled in this organisation's list and read; active in the other's.
    expect(await tpiIn(admin)).toMatchObject({ isActive: false, sharedAccount: true });
    expect((await t.post<Tpi>('/api/tpi/getTpiById', { tpiId: id }, admin)).body.data).toMatchObject({ tpiId: id, isActive: false });
    expect(await tpiIn(otherAdmin)).toMatchObject({ isActive: true, sharedAccount: true });
    // The account itself stays active.
    expect((await t.db.select().from(users).where(eq(users.id, id)))[0]?.isActive).toBe(true);

    // Its session goes on, in the other organisation only; so does a new sign-in.
    const kept = await me(before);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ cmp_id: otherOrg, assoc_companies: [otherOrg] });
    const signedIn = await signIn('auditor2@demo.test');
    expect(signedIn.status).toBe(200);
    const session = await t.signIn('auditor2@demo.test');
    expect((await me(session)).body.data).toMatchObject({ cmp_id: otherOrg, assoc_companies: [otherOrg] });
    // Nothing of the organisation that disabled it: no switching to it, no call scoped to it.
    expect((await t.post('/api/auth/switchOrganisation', { companyId: demoOrg }, session)).status).toBe(404);
    expect((await t.post('/api/contractor/getContractorsByCompanyId', { companyId: demoOrg }, session)).status).toBe(404);
    const demoResponses = await t.post('/api/assessment/responses/getResponsesByCompanyIds', { companyIds: [demoOrg] }, session);
    expect(demoResponses.status).toBe(404);
    expect((await t.post('/api/assessment/responses/getResponsesByCompanyIds', { companyIds: [otherOrg] }, session)).status).toBe(200);
    expect(await listNames('/api/contractor/getContractorsByCompanyId', session, { companyId: otherOrg })).toEqual(['Other Fabrication Co']);

    // The other organisation's admin switches it in its own organisation only; the first one's
    // switch is untouched. Once both disabled it, it is a disabled account.
    const otherOff = await tpiStatus(id, true, otherAdmin);
    expect(otherOff.body.data).toMatchObject({ isActive: false, assoc_companies: [otherOrg] });
    expect((await me(session)).status).toBe(401);
    const refused = await signIn('auditor2@demo.test');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.auth.accountDisabled);
    expect((await tpiStatus(id, false, otherAdmin)).body.data.isActive).toBe(true);
    expect(await tpiIn(admin)).toMatchObject({ isActive: false });
    expect((await signIn('auditor2@demo.test')).status).toBe(200);

    // Enabled again by the organisation: it works there again.
    const on = await tpiStatus(id, false, admin);
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(m.auditorToggled(true));
    expect(on.body.data).toMatchObject({ isActive: true, sharedAccount: true });
    const again = await t.signIn('auditor2@demo.test');
    expect((await me(again)).body.data).toMatchObject({ cmp_id: demoOrg, assoc_companies: [demoOrg, otherOrg] });
    expect((await t.post('/api/auth/switchOrganisation', { companyId: demoOrg }, again)).status).toBe(200);
    expect(await listNames('/api/contractor/getContractorsByCompanyId', again, { companyId: demoOrg })).toContain('North Sea Scaffolding');

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    const mine = audit.filter((a) => a.organisationId === demoOrg).map((a) => [a.action, a.after]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['tpi.disable', { isActive: true, activeInOrganisation: false }],
        ['tpi.enable', { isActive: true, activeInOrganisation: true }],
      ]),
    );
  });

  it("refuses it to another organisation's admin for an account it does not serve, bad input, no session and other types", async () => {
    const id = ids['auditor2@demo.test'];
    const auditor2 = await t.signIn('auditor2@demo.test');
    // The other tenant's admin names an auditor of Demo Gas alone: unknown there.
    expect((await tpiStatus(ids['auditor1@demo.test'], true, otherAdmin)).status).toBe(404);
    const bad = await t.post('/api/tpi/changeTpiAccStatus', { tpiId: id, disable: 'no' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('disable must be true or false');
    expect((await t.post('/api/tpi/changeTpiAccStatus', { disable: true }, admin)).status).toBe(400);
    await expectRefused('/api/tpi/changeTpiAccStatus', { tpiId: id, disable: true }, [contractor1, auditor1, auditor2, employee]);
    // Nothing changed.
    expect(await tpiIn(admin)).toMatchObject({ isActive: true });
    expect((await me(auditor2)).body.data.assoc_companies).toEqual([demoOrg, otherOrg]);
  });

  it('disables a shared company here only; once the other organisation lets it go it is disabled, and enabling restores it', async () => {
    const created = await t.post<Contractor>('/api/contractor/createContractor', company('Romeo'), admin);
    const id = created.body.data._id;
    await acceptInvitation('romeo@company.test');
    await t.db.insert(userOrganisations).values({ userId: id, organisationId: otherOrg });

    const off = await t.post<Contractor>('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: true }, admin);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(m.companyToggled(false));
    expect(off.body.data).toMatchObject({ isActive: false, sharedAccount: true, assoc_companies: [demoOrg] });
    const listed = await t.get<Contractor[]>('/api/contractor/getAllContractors', admin);
    expect(listed.body.data.find((c) => c._id === id)?.isActive).toBe(false);
    const theirs = await t.get<Contractor[]>('/api/contractor/getAllContractors', otherAdmin);
    expect(theirs.body.data.find((c) => c._id === id)?.isActive).toBe(true);
    const session = await t.signIn('romeo@company.test', NEW_PASSWORD);
    expect((await me(session)).body.data).toMatchObject({ cmp_id: otherOrg, assoc_companies: [otherOrg] });
    expect((await t.post('/api/auth/switchOrganisation', { companyId: demoOrg }, session)).status).toBe(404);
    await expectRefused('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: false }, [contractor1, auditor1, session]);

    // The other organisation lets it go: every organisation it serves has disabled it.
    expect((await t.post('/api/contractor/deleteContractor', { contractorId: id }, otherAdmin)).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    const refused = await signIn('romeo@company.test', NEW_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.auth.accountDisabled);

    // No longer shared: enabling turns it on as a whole.
    const on = await t.post<Contractor>('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: false }, admin);
    expect(on.body.data).toMatchObject({ isActive: true, sharedAccount: false, assoc_companies: [demoOrg] });
    const back = await t.signIn('romeo@company.test', NEW_PASSWORD);
    expect((await me(back)).body.data).toMatchObject({ cmp_id: demoOrg, assoc_companies: [demoOrg] });
  });
});

describe('a shared company disabled by one organisation, by the ids of that organisation\'s responses', () => {
  it('reads, answers, uploads and chats on them no more, while the other organisation keeps it; enabled, it does again', async () => {
    const R = '/api/assessment/responses';
    const id = ids['contractor1@demo.test'] ?? '';
    await t.db.insert(userOrganisations).values({ userId: id, organisationId: otherOrg });
    const listed = await t.post<{ _id: string; sections: { _id: string; questions: { _id: string }[] }[] }[]>(
      `${R}/getResponsesByContractorId`,
      { contractorId: id, include: { sections_questions_question: true } },
      contractor1,
    );
    expect(listed.status).toBe(200);
    const response = listed.body.data.find((r) => (r.sections[0]?.questions.length ?? 0) > 0);
    const sectionId = response?.sections[0]?._id ?? '';
    const questionId = response?.sections[0]?.questions[0]?._id ?? '';
    const responseId = response?._id ?? '';
    const room = { responseId, questionId };
    expect((await t.post(`${R}/getResponseById`, { responseId }, contractor1)).status).toBe(200);
    expect((await t.post('/api/chat/getMessages', room, contractor1)).status).toBe(200);

    expect((await t.post('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: true }, admin)).status).toBe(200);
    const session = await t.signIn('contractor1@demo.test');
    for (const cookie of [contractor1, session]) {
      expect((await t.post(`${R}/getResponseById`, { responseId }, cookie)).status).toBe(404);
      expect((await t.post('/api/chat/getMessages', room, cookie)).status).toBe(404);
      expect((await sendChat(t, cookie, { ...room, message: 'still here?' })).status).toBe(404);
      const saved = await t.post(`${R}/updateSectionInResponse`, { assesRespId: responseId, sectionId, responseData: { questions: [{ _id: questionId }] } }, cookie);
      expect(saved.status).toBe(404);
      const upload = await t.upload(`${R}/uploadAttachment?responseId=${responseId}&sectionId=${sectionId}`, { name: 'permit.png', content: PNG_BYTES, type: 'image/png' }, cookie);
      expect(upload.status).toBe(404);
    }

    expect((await t.post('/api/contractor/changeContractorAccStatus', { contractorId: id, disable: false }, admin)).status).toBe(200);
    const back = await t.signIn('contractor1@demo.test');
    expect((await t.post(`${R}/getResponseById`, { responseId }, back)).status).toBe(200);
    expect((await t.post('/api/chat/getMessages', room, back)).status).toBe(200);
    await t.db.delete(userOrganisations).where(and(eq(userOrganisations.userId, id), eq(userOrganisations.organisationId, otherOrg)));
  });
});

describe('delete: deleteContractor, deleteCompany and deleteTpi', () => {
  it('soft-deletes a company: gone from lists, sessions ended, sign-in refused, the row kept', async () => {
    const created = await t.post<Contractor>('/api/contractor/createContractor', company('November'), admin);
    const id = created.body.data._id;
    const session = await acceptInvitation('november@company.test');
    const res = await t.post('/api/contractor/deleteContractor', { contractorId: id }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.companyDeleted);
    expect(res.body.data).toEqual({ _id: id });

    for (const names of [
      await listNames('/api/contractor/getAllContractors', admin),
      await listNames('/api/company/getAllCompanies', admin),
      await listNames('/api/contractor/getContractorsByCompanyId', admin, { companyId: demoOrg }),
    ]) {
      expect(names).not.toContain('November Scaffolding');
    }
    expect((await t.get('/api/auth/me', session)).status).toBe(401);
    const signIn = await t.post('/api/auth/signIn', { email: 'november@company.test', password: NEW_PASSWORD });
    expect(signIn.status).toBe(404);
    expect((await t.post('/api/contractor/getContractorById', { contractorId: id }, admin)).status).toBe(404);
    expect((await t.post('/api/contractor/deleteContractor', { contractorId: id }, admin)).status).toBe(404);
    // The row stays for history; its email stays reserved; its name is free again.
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = await t.post('/api/contractor/createContractor', company('November'), admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.emailExists);
    expect((await t.post('/api/contractor/checkEmailExists', { email: 'november@company.test' }, admin)).body.data).toEqual({ exists: true });
    expect((await t.post('/api/contractor/createContractor', company('November', { emailid: 'november2@company.test' }), admin)).status).toBe(200);
  });

  it('company/deleteCompany and tpi/deleteTpi do the same', async () => {
    const c = await t.post<Contractor>('/api/company/createCompany', company('Oscar'), admin);
    const del = await t.post('/api/company/deleteCompany', { contractorId: c.body.data._id }, admin);
    expect(del.status).toBe(200);
    expect(await listNames('/api/company/getAllCompanies', admin)).not.toContain('Oscar Scaffolding');

    const a = await t.post<Tpi>('/api/tpi/createTpi', auditor('Papa'), admin);
    const delTpi = await t.post('/api/tpi/deleteTpi', { tpiId: a.body.data.tpiId }, admin);
    expect(delTpi.status).toBe(200);
    expect(delTpi.body.message).toBe(m.auditorDeleted);
    expect(await listNames('/api/tpi/getAllTpis', admin)).not.toContain('Papa Inspections');
    // The invitation of a deleted account no longer works.
    const link = (await t.outboxLinks('papa@auditor.test'))[0] ?? '';
    const reset = await t.post('/api/auth/confirmPasswordReset', { oobCode: oobCodeOf(link), newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(400);
  });

  it('an auditor that also serves another organisation only leaves the caller\'s', async () => {
    const id = ids['auditor2@demo.test'];
    const res = await t.post('/api/tpi/deleteTpi', { tpiId: id }, admin);
    expect(res.status).toBe(200);
    expect(await listNames('/api/tpi/getAllTpis', admin)).not.toContain('Northern Audit Partners');
    expect(await listNames('/api/tpi/getAllTpis', otherAdmin)).toEqual(['Northern Audit Partners']);
    const session = await t.signIn('auditor2@demo.test');
    expect((await t.get<Profile>('/api/auth/me', session)).body.data.assoc_companies).toEqual([otherOrg]);
  });

  it("refuses another organisation's ids, the wrong kind, bad input, no session and other types", async () => {
    expect((await t.post('/api/contractor/deleteContractor', { contractorId: ids['contractor@other.test'] }, admin)).status).toBe(404);
    expect((await t.post('/api/company/deleteCompany', { contractorId: ids['contractor1@demo.test'] }, otherAdmin)).status).toBe(404);
    expect((await t.post('/api/tpi/deleteTpi', { tpiId: ids['auditor1@demo.test'] }, otherAdmin)).status).toBe(404);
    expect((await t.post('/api/tpi/deleteTpi', { tpiId: ids['contractor1@demo.test'] }, admin)).status).toBe(404);
    expect((await t.post('/api/contractor/deleteContractor', { contractorId: '' }, admin)).body.message).toBe('contractorId is required');
    expect((await t.post('/api/tpi/deleteTpi', {}, admin)).body.message).toBe('tpiId is required');
    await expectRefused('/api/contractor/deleteContractor', { contractorId: ids['contractor1@demo.test'] }, [contractor1, auditor1]);
    await expectRefused('/api/company/deleteCompany', { contractorId: ids['contractor1@demo.test'] }, [contractor1, auditor1]);
    await expectRefused('/api/tpi/deleteTpi', { tpiId: ids['auditor1@demo.test'] }, [contractor1, auditor1]);
    expect(await listNames('/api/contractor/getAllContractors', admin)).toContain('North Sea Scaffolding');
  });
});

describe('lists', () => {
  it("getAllContractors, getAllCompanies: the caller's organisation, for the organisation and its auditors", async () => {
    const names = await listNames('/api/contractor/getAllContractors', admin);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['North Sea Scaffolding', 'Harbour Electrical Services']));
    const rows = await t.get<Contractor[]>('/api/contractor/getAllContractors', admin);
    expect(rows.body.data.every((c) => c.companyId === demoOrg)).toBe(true);
    expect(rows.body.data.map((c) => c._id)).not.toContain(ids['contractor@other.test']);
    expect(await listNames('/api/contractor/getAllContractors', auditor1)).toEqual(names);
    expect(await listNames('/api/company/getAllCompanies', admin)).toEqual(names);
    expect(await listNames('/api/company/getAllCompanies', admin, {})).toEqual(names);
    expect(await listNames('/api/contractor/getAllContractors', otherAdmin)).toEqual(['Other Fabrication Co']);
    await expectRefused('/api/contractor/getAllContractors', undefined, [contractor1, employee], 'GET');
    await expectRefused('/api/company/getAllCompanies', undefined, [contractor1], 'GET');
  });

  it('getContractorsByCompanyId: one of the caller\'s organisations, else 404', async () => {
    expect(await listNames('/api/contractor/getContractorsByCompanyId', admin, { companyId: demoOrg })).toContain('North Sea Scaffolding');
    expect(await listNames('/api/contractor/getContractorsByCompanyId', auditor1, { companyId: demoOrg })).toContain('North Sea Scaffolding');
    expect((await t.post('/api/contractor/getContractorsByCompanyId', { companyId: otherOrg }, admin)).status).toBe(404);
    expect((await t.post('/api/contractor/getContractorsByCompanyId', { companyId: demoOrg }, otherAdmin)).status).toBe(404);
    const bad = await t.post('/api/contractor/getContractorsByCompanyId', { companyId: '' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('companyId is required');
    await expectRefused('/api/contractor/getContractorsByCompanyId', { companyId: demoOrg }, [contractor1, employee]);
  });

  it('getAllTpis and getTpisByCompanyId: the organisation only', async () => {
    const names = await listNames('/api/tpi/getAllTpis', admin);
    expect(names).toContain('Safeguard Inspections');
    expect(names).not.toContain('Alpha Scaffolding');
    const tpis = await t.get<Tpi[]>('/api/tpi/getAllTpis', admin);
    expect(tpis.body.data.find((a) => a.name === 'Safeguard Inspections')).toMatchObject({ tpiId: ids['auditor1@demo.test'], email: 'auditor1@demo.test', isActive: true });
    expect(await listNames('/api/tpi/getTpisByCompanyId', admin, { companyId: demoOrg })).toEqual(names);
    expect((await t.post('/api/tpi/getTpisByCompanyId', { companyId: otherOrg }, admin)).status).toBe(404);
    expect((await t.post('/api/tpi/getTpisByCompanyId', { companyId: ['x'] }, admin)).status).toBe(400);
    await expectRefused('/api/tpi/getAllTpis', undefined, [contractor1, auditor1], 'GET');
    await expectRefused('/api/tpi/getTpisByCompanyId', { companyId: demoOrg }, [contractor1, auditor1]);
  });
});

describe('POST /api/contractor/createBulkContractors', () => {
  const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n');
  const header = [...BULK_COMPANY_HEADER];

  it('refuses a file whose header is not exactly the sample\'s', async () => {
    for (const head of [['Company Name', 'Location', 'E-mail', 'Contact Person'], ['Name', 'Email'], []]) {
      const res = await t.post('/api/contractor/createBulkContractors', { csv: csv([head, ['Zulu Scaffolding', 'Leeds', 'zulu@bulk.test', 'Pat Lowe']]) }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.bulkFormat);
    }
    const objects = await t.post('/api/contractor/createBulkContractors', { contractorsData: [{ 'Company Name': 'Zulu', Location: 'Leeds' }] }, admin);
    expect(objects.status).toBe(400);
    expect(objects.body.message).toBe(m.bulkFormat);
    const none = await t.post('/api/contractor/createBulkContractors', {}, admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(messages.files.required);
    const empty = await t.post('/api/contractor/createBulkContractors', { csv: csv([header]) }, admin);
    expect(empty.body.message).toBe(m.bulkEmpty);
    expect(await listNames('/api/contractor/getAllContractors', admin)).not.toContain('Zulu Scaffolding');
  });

  it('creates the valid rows, reports invalid ones row by row and skips duplicates', async () => {
    const file = csv([
      header,
      ['Quebec Scaffolding', 'Aberdeen', 'Quebec@Bulk.test', 'Callum Reid'], // 2 created
      ['Romeo 2 Scaffolding', 'Dundee', 'not-an-email', 'Priya Nair'], // 3 invalid: name, email
      ['Sierra Scaffolding', 'Perth', 'auditor1@demo.test', 'Tom Fraser'], // 4 skipped: an auditor's email
      ['harbour electrical services', 'Perth', 'harbour@bulk.test', 'Tom Fraser'], // 5 skipped: name taken
      ['Tango Scaffolding', 'Perth', 'quebec@bulk.test', 'Tom Fraser'], // 6 skipped: repeats row 2
      ['', '', '', ''], // 7 blank
      ['"Uniform Scaffolding"', '"Stonehaven, Aberdeenshire"', 'uniform@bulk.test', "O'Neil"], // 8 created
      ['Victor Scaffolding', '', 'victor@bulk.test', 'Pat Lowe'], // 9 invalid: location
    ]);
    const res = await t.post<BulkReport>('/api/contractor/createBulkContractors', { csv: file, createdBy: 'ignored', cmp_name: 'ignored' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.companiesAdded);
    const report = res.body.data;
    expect(report.created.map((c) => [c.name, c.emailid, c.location])).toEqual([
      ['Quebec Scaffolding', 'quebec@bulk.test', 'Aberdeen'],
      ['Uniform Scaffolding', 'uniform@bulk.test', 'Stonehaven, Aberdeenshire'],
    ]);
    expect(report.createdCount).toBe(2);
    expect(report.invitationsSent).toBe(2);
    expect(report.created[0]).toMatchObject({ companyId: demoOrg, isActive: true });
    expect(report.invalid).toEqual([
      { row: 3, field: 'name', message: m.nameInvalid },
      { row: 3, field: 'emailid', message: m.validEmail },
      { row: 9, field: 'location', message: m.locationRequired },
    ]);
    expect(report.skipped).toEqual([
      { row: 4, field: 'emailid', reason: m.emailExists },
      { row: 5, field: 'name', reason: m.nameExists },
      { row: 6, field: 'emailid', reason: m.bulkDuplicateOf(2) },
    ]);
    const names = await listNames('/api/contractor/getAllContractors', admin);
    expect(names).toEqual(expect.arrayContaining(['Quebec Scaffolding', 'Uniform Scaffolding']));
    expect(names).not.toContain('Sierra Scaffolding');
    await acceptInvitation('uniform@bulk.test');

    // The same file again: everything valid is now taken.
    const again = await t.post<BulkReport>('/api/contractor/createBulkContractors', { csv: file }, admin);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(m.noCompaniesAdded);
    expect(again.body.data.createdCount).toBe(0);
    expect(again.body.data.skipped.map((s) => s.row)).toEqual([2, 4, 5, 6, 8]);
  });

  it('accepts rows already parsed as contractorsData', async () => {
    const res = await t.post<BulkReport>(
      '/api/contractor/createBulkContractors',
      {
        contractorsData: [
          { name: 'Whiskey Scaffolding', location: 'Leeds', emailid: 'whiskey@bulk.test', contactPersonName: 'Pat Lowe' },
          { name: 'Xray', location: 'L', emailid: 'xray@bulk.test', contactPersonName: 'Pat Lowe' },
        ],
        cmp_id: demoOrg,
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.created.map((c) => c.name)).toEqual(['Whiskey Scaffolding']);
    expect(res.body.data.invalid).toEqual([{ row: 3, field: 'location', message: m.locationInvalid }]);
    expect(await t.outboxLinks('whiskey@bulk.test')).toHaveLength(1);
  });

  it("refuses another organisation's cmp_id, no session and other types", async () => {
    const body = { csv: csv([header, ['Yankee Scaffolding', 'Leeds', 'yankee@bulk.test', 'Pat Lowe']]) };
    expect((await t.post('/api/contractor/createBulkContractors', { ...body, cmp_id: otherOrg }, admin)).status).toBe(404);
    await expectRefused('/api/contractor/createBulkContractors', body, [contractor1, auditor1]);
    expect(await t.outboxLinks('yankee@bulk.test')).toHaveLength(0);
  });
});

describe('profile images of accounts', () => {
  it('the organisation sets a contractor\'s or an auditor\'s picture; its users can see it, others cannot', async () => {
    const id = ids['contractor1@demo.test'];
    const res = await t.upload<Contractor>(`/api/contractor/uploadContractorImage?contractorId=${id}`, { name: 'logo.png', content: PNG_BYTES, type: 'image/png' }, admin);
    expect(res.status).toBe(200);
    const link = res.body.data.profileImage?.fileLink ?? '';
    expect(link).toMatch(/^\/api\/files\//);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: contractor1 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: otherAdmin } })).statusCode).toBe(404);
    const tpi = await t.upload<Tpi>(`/api/tpi/uploadTpiImage?tpiId=${ids['auditor1@demo.test']}`, { name: 'logo.png', content: PNG_BYTES, type: 'image/png' }, admin);
    expect(tpi.status).toBe(200);
  });

  it("refuses another organisation's account, a wrong type, no session and other types", async () => {
    const png = { name: 'logo.png', content: PNG_BYTES, type: 'image/png' };
    expect((await t.upload(`/api/contractor/uploadContractorImage?contractorId=${ids['contractor@other.test']}`, png, admin)).status).toBe(404);
    expect((await t.upload(`/api/tpi/uploadTpiImage?tpiId=${ids['auditor1@demo.test']}`, png, otherAdmin)).status).toBe(404);
    expect((await t.upload('/api/contractor/uploadContractorImage', png, admin)).status).toBe(400);
    const gif = await t.upload(`/api/contractor/uploadContractorImage?contractorId=${ids['contractor1@demo.test']}`, { name: 'a.gif', content: Buffer.from('GIF89a') }, admin);
    expect(gif.status).toBe(415);
    expect((await t.upload(`/api/contractor/uploadContractorImage?contractorId=${ids['contractor1@demo.test']}`, png)).status).toBe(401);
    expect((await t.upload(`/api/contractor/uploadContractorImage?contractorId=${ids['contractor1@demo.test']}`, png, contractor1)).status).toBe(403);
  });
});
