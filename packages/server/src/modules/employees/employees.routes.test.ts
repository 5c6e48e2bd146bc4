import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { BULK_EMPLOYEE_HEADER } from '@palisade/domain/employees/employee-bulk.rules';
import type {
  BulkEmployeesReport,
  CreatedEmployee,
  Employee,
  EmployeesPage,
} from '@palisade/domain/employees/employee.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import { auditLog, userOrganisations, users } from '../../db/schema';
import { createTestApp, oobCodeOf, type TestApp } from '../../test/test-app';

const m = messages.employees;
const NEW_PASSWORD = 'Field@123';

let t: TestApp;
let contractor1: string;
let contractor2: string;
let contractor3: string;
let otherContractor: string;
let admin: string;
let auditor: string;
let employee: string;
let contractor1Id: string;
let demoOrg: string;
let otherOrg: string;

/** An employee body; `word` must be letters only (the name rule). */
const person = (word: string, extra: Record<string, unknown> = {}) => ({
  name: `${word} Worker`,
  email: `${word.toLowerCase()}@field.test`,
  ...extra,
});

async function create(cookie: string, body: Record<string, unknown>) {
  return t.post<CreatedEmployee>('/api/contractor/createEmployee', body, cookie);
}

async function list(cookie: string, body: Record<string, unknown> = {}) {
  const res = await t.post<EmployeesPage>('/api/contractor/getEmployees', body, cookie);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The names of a contractor's live employees in an organisation, read from the table, by name. */
async function namesInDb(contractorId: string, organisationId: string): Promise<string[]> {
  const rows = await t.db
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        eq(users.contractorId, contractorId),
        eq(users.organisationId, organisationId),
        eq(users.type, UserType.EMPLOYEE),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((r) => r.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}

/** Follows the invitation mailed to `email`: sets the password and signs in. */
async function acceptInvitation(email: string): Promise<string> {
  const links = await t.outboxLinks(email);
  expect(links).toHaveLength(1);
  const reset = await t.post('/api/auth/confirmPasswordReset', {
    oobCode: oobCodeOf(links[0] ?? ''),
    newPassword: NEW_PASSWORD,
  });
  expect(reset.status).toBe(200);
  return t.signIn(email, NEW_PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  contractor1 = await t.signIn('contractor1@demo.test');
  contractor2 = await t.signIn('contractor2@demo.test');
  contractor3 = await t.signIn('contractor3@demo.test');
  otherContractor = await t.signIn('contractor@other.test');
  admin = await t.signIn('admin@demo.test');
  auditor = await t.signIn('auditor1@demo.test');
  employee = await t.signIn('employee1@demo.test');
  contractor1Id = await t.userId('contractor1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg =
    (await t.get<Profile>('/api/auth/me', await t.signIn('admin@other.test'))).body.data.cmp_id ??
    '';
});
afterAll(async () => {
  await t.close();
});

describe('every employee call', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['/api/contractor/getEmployees', {}],
    ['/api/contractor/createEmployee', person('Nobody')],
    ['/api/contractor/editEmployee', { employeeId: 'x', updateData: { name: 'Any Name' } }],
    ['/api/contractor/changeEmployeeStatus', { employeeId: 'x', disable: true }],
    [
      '/api/contractor/createBulkEmployees',
      { csv: `${BULK_EMPLOYEE_HEADER.join(',')}\nNew Person,new.person@field.test,,\n` },
    ],
  ];

  it('needs a session (401) and a contractor (403 for the organisation, auditors and employees)', async () => {
    for (const [url, body] of calls) {
      expect((await t.post(url, body)).status, url).toBe(401);
      for (const cookie of [admin, auditor, employee]) {
        const res = await t.post(url, body, cookie);
        expect(res.status, url).toBe(403);
      }
    }
    // Nothing was created by the refused calls.
    expect(
      await t.db.select().from(users).where(eq(users.email, 'nobody@field.test')),
    ).toHaveLength(0);
  });
});

describe('POST /api/contractor/getEmployees', () => {
  it("lists only the caller's own employees of its working organisation, by name", async () => {
    const expected = await namesInDb(contractor1Id, demoOrg);
    expect(expected.length).toBeGreaterThan(0);
    const page = await list(contractor1);
    expect(page.total).toBe(expected.length);
    expect(page.data.map((e) => e.name)).toEqual(expected);
    for (const e of page.data) {
      expect(e).toMatchObject({ contractorId: contractor1Id, companyId: demoOrg, isActive: true });
      expect(e._id).toBe(e.employeeId);
    }
    // Another contractor of the same organisation sees its own, never contractor1's.
    const contractor2Id = await t.userId('contractor2@demo.test');
    const other = await list(contractor2);
    expect(other.data.map((e) => e.name)).toEqual(await namesInDb(contractor2Id, demoOrg));
    expect(other.data.some((e) => page.data.some((p) => p._id === e._id))).toBe(false);
    // Another tenant's contractor has none of them.
    const foreign = await list(otherContractor);
    expect(foreign.data.every((e) => e.companyId === otherOrg)).toBe(true);
    expect(foreign.data.some((e) => page.data.some((p) => p._id === e._id))).toBe(false);
  });

  it('pages (10, 20 or 30 a page) and searches name, e-mail, mobile and code', async () => {
    // Enough employees of contractor2 for two pages of 10.
    for (let i = 0; i < 11; i += 1) {
      const word = `Pager${String.fromCharCode(97 + i)}`;
      const res = await create(
        contractor2,
        person(word, { mobile: `91234500${String(i).padStart(2, '0')}`, code: `PG-${i}` }),
      );
      expect(res.status).toBe(200);
    }
    const all = await namesInDb(await t.userId('contractor2@demo.test'), demoOrg);
    const first = await list(contractor2, { page: 1, pageSize: 10 });
    const second = await list(contractor2, { page: 2, pageSize: 10 });
    expect(first.total).toBe(all.length);
    expect(first.data).toHaveLength(10);
    expect([...first.data, ...second.data].map((e) => e.name)).toEqual(all);
    expect((await list(contractor2, { pageSize: 30 })).data).toHaveLength(all.length);

    const byName = await list(contractor2, { search: 'PAGERC' });
    expect(byName.data.map((e) => e.name)).toEqual(['Pagerc Worker']);
    expect(byName.total).toBe(1);
    expect((await list(contractor2, { search: 'pagerd@field' })).data.map((e) => e.name)).toEqual([
      'Pagerd Worker',
    ]);
    expect((await list(contractor2, { search: '9123450004' })).data.map((e) => e.name)).toEqual([
      'Pagere Worker',
    ]);
    expect((await list(contractor2, { search: 'pg-10' })).data.map((e) => e.name)).toEqual([
      'Pagerk Worker',
    ]);
    // LIKE's own wildcards match themselves only.
    expect((await list(contractor2, { search: '%' })).total).toBe(0);
    expect((await list(contractor2, { search: '_' })).total).toBe(0);
    // contractor2's search never finds contractor1's employees.
    const mine = await list(contractor1);
    const firstName = mine.data[0]?.name ?? '';
    expect((await list(contractor2, { search: firstName })).total).toBe(0);
  });

  it('names the bad field (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 15 }, 'pageSize'],
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ search: 42 }, 'search'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/api/contractor/getEmployees', body, contractor1);
      expect(res.status, field).toBe(400);
      expect(res.body.data, field).toMatchObject({ field });
    }
    expect(
      (await t.post('/api/contractor/getEmployees', { pageSize: 15 }, contractor1)).body.message,
    ).toBe(m.pageSizeInvalid([10, 20, 30]));
  });
});

describe('POST /api/contractor/createEmployee', () => {
  it('adds an employee of the caller in its working organisation, logs it and mails an invitation', async () => {
    const res = await create(
      contractor1,
      person('Alpha', { email: 'Alpha@Field.test', mobile: '9876512345', code: 'EMP-100' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.added);
    expect(res.body.data).toMatchObject({
      name: 'Alpha Worker',
      email: 'alpha@field.test',
      mobile: '+919876512345',
      code: 'EMP-100',
      isActive: true,
      invitationAccepted: false,
      contractorId: contractor1Id,
      companyId: demoOrg,
      invitationSent: true,
    });
    const id = res.body.data._id;
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      type: UserType.EMPLOYEE,
      contractorId: contractor1Id,
      organisationId: demoOrg,
      passwordHash: null,
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'employee.create')));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.actorId).toBe(contractor1Id);

    // The invitation is in the outbox; it sets the first password, and the employee signs in (API only).
    const cookie = await acceptInvitation('alpha@field.test');
    const me = await t.get<Profile>('/api/auth/me', cookie);
    expect(me.status).toBe(200);
    expect(me.body.data.type).toBe(UserType.EMPLOYEE);
    const listed = (await list(contractor1, { search: 'alpha@field.test' })).data[0];
    expect(listed).toMatchObject({ _id: id, invitationAccepted: true });
  });

  it('takes name and e-mail only; mobile and code may be empty', async () => {
    const res = await create(contractor1, person('Bravo', { mobile: '', code: '' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mobile: null, code: null });
    expect((await create(contractor1, person('Charlie'))).status).toBe(200);
  });

  it('names each bad field (400) and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'x1@field.test' }, 'name', messages.users.nameRequired],
      [person('Delta', { name: '' }), 'name', messages.users.nameRequired],
      [person('Delta', { name: 'Ab' }), 'name', messages.users.nameMin],
      [person('Delta', { name: 'Agent 007' }), 'name', messages.users.nameInvalid],
      [{ name: 'Delta Worker' }, 'email', messages.users.emailRequired],
      [person('Delta', { email: 'not-an-email' }), 'email', messages.users.validEmail],
      [
        person('Delta', { email: `${'a'.repeat(250)}@x.test` }),
        'email',
        messages.auth.emailTooLong,
      ],
      [person('Delta', { mobile: '12345' }), 'mobile', m.mobileInvalid],
      [person('Delta', { mobile: 9876543210 }), 'mobile', m.mobileInvalid],
      [person('Delta', { code: 'bad code!' }), 'code', m.codeInvalid],
      [person('Delta', { code: 'x'.repeat(51) }), 'code', m.codeInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(contractor1, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data, JSON.stringify(body)).toMatchObject({ field });
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'delta@field.test'))).toHaveLength(
      0,
    );
  });

  it("refuses an e-mail any account holds and a code another of the contractor's employees holds (409)", async () => {
    const taken = await create(contractor1, person('Echo', { email: 'Contractor2@demo.test' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.users.emailExists);
    expect(taken.body.data).toMatchObject({ field: 'email' });
    expect((await create(contractor1, person('Foxtrot', { code: 'SAME-1' }))).status).toBe(200);
    const code = await create(contractor1, person('Golf', { code: 'same-1' }));
    expect(code.status).toBe(409);
    expect(code.body.message).toBe(m.codeExists);
    expect(code.body.data).toMatchObject({ field: 'code' });
    // Codes are the contractor's own: another contractor may use the same one.
    expect((await create(contractor2, person('Hotel', { code: 'SAME-1' }))).status).toBe(200);
  });
});

describe('POST /api/contractor/editEmployee', () => {
  it('changes the given fields, keeps the rest and logs before and after', async () => {
    const created = (
      await create(contractor1, person('India', { mobile: '9000000001', code: 'IN-1' }))
    ).body.data;
    const res = await t.post<Employee>(
      '/api/contractor/editEmployee',
      { employeeId: created._id, updateData: { name: 'India Renamed', mobile: '' } },
      contractor1,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.edited);
    expect(res.body.data).toMatchObject({
      name: 'India Renamed',
      email: 'india@field.test',
      mobile: null,
      code: 'IN-1',
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created._id), eq(auditLog.action, 'employee.edit')));
    expect(logged[0]?.before).toMatchObject({ name: 'India Worker', phone: '+919000000001' });
    expect(logged[0]?.after).toMatchObject({ name: 'India Renamed', phone: null });
    // Its own e-mail and code are not "taken".
    const same = await t.post(
      '/api/contractor/editEmployee',
      { employeeId: created._id, updateData: { email: 'india@field.test', code: 'IN-1' } },
      contractor1,
    );
    expect(same.status).toBe(200);
  });

  it('names each bad field (400), refuses taken values (409)', async () => {
    const created = (await create(contractor1, person('Juliet', { code: 'JU-1' }))).body.data;
    const cases: [Record<string, unknown>, string][] = [
      [{ updateData: { name: 'X' } }, 'employeeId'],
      [{ employeeId: created._id }, 'updateData'],
      [{ employeeId: created._id, updateData: {} }, 'updateData'],
      [{ employeeId: created._id, updateData: { name: 'J2 Worker' } }, 'updateData.name'],
      [{ employeeId: created._id, updateData: { email: 'nope' } }, 'updateData.email'],
      [{ employeeId: created._id, updateData: { mobile: '123' } }, 'updateData.mobile'],
      [{ employeeId: created._id, updateData: { code: 'a b' } }, 'updateData.code'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/api/contractor/editEmployee', body, contractor1);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data, JSON.stringify(body)).toMatchObject({ field });
    }
    const email = await t.post(
      '/api/contractor/editEmployee',
      { employeeId: created._id, updateData: { email: 'admin@demo.test' } },
      contractor1,
    );
    expect(email.status).toBe(409);
    expect(email.body.data).toMatchObject({ field: 'email' });
    const code = await t.post(
      '/api/contractor/editEmployee',
      { employeeId: created._id, updateData: { code: 'in-1' } },
      contractor1,
    );
    expect(code.status).toBe(409);
    expect(code.body.message).toBe(m.codeExists);
  });

  it("is 404 for another contractor's employee, another tenant's contractor and unknown ids", async () => {
    const mine = (await create(contractor1, person('Kilo'))).body.data;
    const seeded = await t.userId('employee2@demo.test'); // contractor2's
    const body = (employeeId: string) => ({ employeeId, updateData: { name: 'Stolen Name' } });
    expect((await t.post('/api/contractor/editEmployee', body(mine._id), contractor2)).status).toBe(
      404,
    );
    expect(
      (await t.post('/api/contractor/editEmployee', body(mine._id), otherContractor)).status,
    ).toBe(404);
    expect((await t.post('/api/contractor/editEmployee', body(seeded), contractor1)).status).toBe(
      404,
    );
    expect(
      (await t.post('/api/contractor/editEmployee', body(contractor1Id), contractor1)).status,
    ).toBe(404);
    expect(
      (await t.post('/api/contractor/editEmployee', body('no-such-id'), contractor1)).status,
    ).toBe(404);
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, mine._id));
    expect(row?.name).toBe('Kilo Worker');
  });
});

describe('POST /api/contractor/changeEmployeeStatus', () => {
  it('disables an employee: its sessions end, sign-in is refused; enabling lets it back in', async () => {
    const created = (await create(contractor1, person('Lima'))).body.data;
    const cookie = await acceptInvitation('lima@field.test');
    expect((await t.get('/api/auth/me', cookie)).status).toBe(200);

    const off = await t.post<Employee>(
      '/api/contractor/changeEmployeeStatus',
      { employeeId: created._id, disable: true },
      contractor1,
    );
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(m.toggled(false));
    expect(off.body.data.isActive).toBe(false);
    // The API refuses the old session, and a new sign-in.
    expect((await t.get('/api/auth/me', cookie)).status).toBe(401);
    expect((await t.get('/api/document/getAllDocuments', cookie)).status).toBe(401);
    const signIn = await t.post('/api/auth/signIn', {
      email: 'lima@field.test',
      password: NEW_PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(messages.auth.accountDisabled);
    // Still listed, marked inactive.
    expect((await list(contractor1, { search: 'lima@' })).data[0]).toMatchObject({
      _id: created._id,
      isActive: false,
    });

    const on = await t.post<Employee>(
      '/api/contractor/changeEmployeeStatus',
      { employeeId: created._id, disable: false },
      contractor1,
    );
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(m.toggled(true));
    expect(on.body.data.isActive).toBe(true);
    expect(
      (await t.get('/api/auth/me', await t.signIn('lima@field.test', NEW_PASSWORD))).status,
    ).toBe(200);
    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, created._id))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['employee.disable', 'employee.enable']));
  });

  it("names the bad field (400) and is 404 for anyone else's employee", async () => {
    const created = (await create(contractor1, person('Mike'))).body.data;
    for (const [body, field] of [
      [{ disable: true }, 'employeeId'],
      [{ employeeId: created._id }, 'disable'],
      [{ employeeId: created._id, disable: 'yes' }, 'disable'],
    ] as const) {
      const res = await t.post('/api/contractor/changeEmployeeStatus', body, contractor1);
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ field });
    }
    expect(
      (
        await t.post(
          '/api/contractor/changeEmployeeStatus',
          { employeeId: created._id, disable: true },
          contractor2,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.post(
          '/api/contractor/changeEmployeeStatus',
          { employeeId: created._id, disable: true },
          otherContractor,
        )
      ).status,
    ).toBe(404);
    const [row] = await t.db
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, created._id));
    expect(row?.isActive).toBe(true);
  });
});

describe('a contractor serving two organisations', () => {
  it('sees and changes only the employees of its working organisation', async () => {
    await t.db
      .insert(userOrganisations)
      .values({ userId: contractor1Id, organisationId: otherOrg });
    const cookie = await t.signIn('contractor1@demo.test');
    const inDemo = (await create(cookie, person('November'))).body.data;
    expect(inDemo.companyId).toBe(demoOrg);
    expect(
      (await t.post('/api/auth/switchOrganisation', { companyId: otherOrg }, cookie)).status,
    ).toBe(200);
    const inOther = await create(cookie, person('Oscar'));
    expect(inOther.status).toBe(200);
    expect(inOther.body.data.companyId).toBe(otherOrg);
    const listed = await list(cookie, { pageSize: 30 });
    expect(listed.data.map((e) => e.name)).toEqual(['Oscar Worker']);
    expect(
      (
        await t.post(
          '/api/contractor/editEmployee',
          { employeeId: inDemo._id, updateData: { name: 'Moved Name' } },
          cookie,
        )
      ).status,
    ).toBe(404);
    await t.db
      .delete(userOrganisations)
      .where(
        and(
          eq(userOrganisations.userId, contractor1Id),
          eq(userOrganisations.organisationId, otherOrg),
        ),
      );
  });
});

describe('POST /api/contractor/createBulkEmployees', () => {
  const header = BULK_EMPLOYEE_HEADER.join(',');

  it('creates the valid rows with invitations, and reports skipped and invalid rows by row', async () => {
    expect((await create(contractor3, person('Papa', { code: 'BULK-1' }))).status).toBe(200);
    const csv = [
      header,
      'Quebec Worker,Quebec@Field.test,9876500111,BULK-2', // 2 created
      '"Romeo Worker",romeo@field.test,,', // 3 created, no mobile or code
      ',,,', // 4 blank, skipped silently
      'Sierra 9,not-an-email,12,bad code', // 5 invalid: name, email, mobile, code
      'Tango Worker,employee1@demo.test,,', // 6 e-mail taken
      'Uniform Worker,uniform@field.test,,bulk-1', // 7 code taken by an employee of the contractor
      'Victor Worker,quebec@field.test,,', // 8 repeats row 2's e-mail
      'Whiskey Worker,whiskey@field.test,,BULK-2', // 9 repeats row 2's code
      'Quebec Worker,xray@field.test,,', // 10 created: names may repeat
    ].join('\r\n');
    const res = await t.post<BulkEmployeesReport>(
      '/api/contractor/createBulkEmployees',
      { csv },
      contractor3,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.employeesAdded);
    const report = res.body.data;
    expect(report.created.map((e) => e.email)).toEqual([
      'quebec@field.test',
      'romeo@field.test',
      'xray@field.test',
    ]);
    expect(report.created[0]).toMatchObject({
      name: 'Quebec Worker',
      mobile: '+919876500111',
      code: 'BULK-2',
      isActive: true,
    });
    expect(report.createdCount).toBe(3);
    expect(report.invitationsSent).toBe(3);
    expect(report.invalid).toEqual([
      { row: 5, field: 'name', message: messages.users.nameInvalid },
      { row: 5, field: 'email', message: messages.users.validEmail },
      { row: 5, field: 'mobile', message: m.mobileInvalid },
      { row: 5, field: 'code', message: m.codeInvalid },
    ]);
    expect(report.skipped).toEqual([
      { row: 6, field: 'email', reason: messages.users.emailExists },
      { row: 7, field: 'code', reason: m.codeExists },
      { row: 8, field: 'email', reason: messages.users.bulkDuplicateOf(2) },
      { row: 9, field: 'code', reason: messages.users.bulkDuplicateOf(2) },
    ]);
    for (const email of ['quebec@field.test', 'romeo@field.test', 'xray@field.test']) {
      expect(await t.outboxLinks(email)).toHaveLength(1);
    }
    const contractor3Id = await t.userId('contractor3@demo.test');
    const rows = await t.db.select().from(users).where(eq(users.email, 'romeo@field.test'));
    expect(rows[0]).toMatchObject({
      type: UserType.EMPLOYEE,
      contractorId: contractor3Id,
      organisationId: demoOrg,
      phone: null,
      code: null,
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, rows[0]?.id ?? ''), eq(auditLog.action, 'employee.create')));
    expect(logged[0]?.after).toMatchObject({ bulk: true });
  });

  it('says so when nothing was added', async () => {
    const res = await t.post<BulkEmployeesReport>(
      '/api/contractor/createBulkEmployees',
      { csv: `${header}\nTango Worker,employee1@demo.test,,\n` },
      contractor3,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.noEmployeesAdded);
    expect(res.body.data.createdCount).toBe(0);
  });

  it('refuses a file with the wrong header, no rows or no csv (400 naming csv)', async () => {
    const cases: [unknown, string][] = [
      [{ csv: 'Name,Email\nA Person,a@field.test\n' }, messages.users.bulkFormat],
      [{ csv: `Email,Name,Mobile,Employee Code\n` }, messages.users.bulkFormat],
      [{ csv: `${header}\n,,,\n` }, m.bulkEmpty],
      [{ csv: '' }, messages.files.required],
      [{}, messages.files.required],
      [{ csv: 42 }, messages.files.required],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/api/contractor/createBulkEmployees', body, contractor3);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
      expect(res.body.data, JSON.stringify(body)).toMatchObject({ field: 'csv' });
    }
  });
});
