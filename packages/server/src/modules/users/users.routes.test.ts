import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let contractor1: string;
let auditor1: string;
let demoOrg: string;
let otherOrg: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  contractor1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  for (const email of ['contractor1@demo.test', 'contractor2@demo.test', 'auditor1@demo.test', 'admin@demo.test', 'contractor@other.test', 'employee1@demo.test', 'employee2@demo.test']) {
    ids[email] = await t.userId(email);
  }
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/company/getCompanyById', () => {
  it("returns the caller's organisation", async () => {
    for (const cookie of [admin, contractor1, auditor1]) {
      const res = await t.post('/api/company/getCompanyById', { companyId: demoOrg }, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: demoOrg, name: 'Demo Gas Ltd' });
    }
  });
  it("refuses another organisation's id, bad input and no session", async () => {
    expect((await t.post('/api/company/getCompanyById', { companyId: otherOrg }, admin)).status).toBe(404);
    expect((await t.post('/api/company/getCompanyById', { companyId: otherOrg }, contractor1)).status).toBe(404);
    const bad = await t.post('/api/company/getCompanyById', { companyId: 42 }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('companyId');
    expect((await t.post('/api/company/getCompanyById', {}, admin)).body.message).toBe('companyId is required');
    expect((await t.post('/api/company/getCompanyById', { companyId: demoOrg })).status).toBe(401);
  });
  it('refuses user types without a web shell', async () => {
    const employee = await t.signIn('employee1@demo.test');
    expect((await t.post('/api/company/getCompanyById', { companyId: demoOrg }, employee)).status).toBe(403);
  });
});

describe('POST /api/contractor/getContractorById', () => {
  it('lets the organisation, its auditors and the contractor itself read it', async () => {
    const id = ids['contractor1@demo.test'];
    for (const cookie of [admin, auditor1, contractor1]) {
      const res = await t.post('/api/contractor/getContractorById', { contractorId: id }, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: id, name: 'North Sea Scaffolding', emailid: 'contractor1@demo.test', isActive: true, companyId: demoOrg });
    }
  });
  it('hides a contractor from another tenant and from competing contractors', async () => {
    expect((await t.post('/api/contractor/getContractorById', { contractorId: ids['contractor1@demo.test'] }, otherAdmin)).status).toBe(404);
    expect((await t.post('/api/contractor/getContractorById', { contractorId: ids['contractor2@demo.test'] }, contractor1)).status).toBe(404);
    expect((await t.post('/api/contractor/getContractorById', { contractorId: ids['contractor@other.test'] }, admin)).status).toBe(404);
    // An id of another type is not a contractor.
    expect((await t.post('/api/contractor/getContractorById', { contractorId: ids['auditor1@demo.test'] }, admin)).status).toBe(404);
  });
  it('refuses bad input and no session', async () => {
    expect((await t.post('/api/contractor/getContractorById', { contractorId: '' }, admin)).status).toBe(400);
    expect((await t.post('/api/contractor/getContractorById', { contractorId: ids['contractor1@demo.test'] })).status).toBe(401);
  });
});

describe('POST /api/tpi/getTpiById', () => {
  it('lets the organisation and the auditor read it; not another tenant', async () => {
    const id = ids['auditor1@demo.test'];
    for (const cookie of [admin, auditor1, contractor1]) {
      const res = await t.post('/api/tpi/getTpiById', { tpiId: id }, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ tpiId: id, name: 'Safeguard Inspections', email: 'auditor1@demo.test' });
    }
    expect((await t.post('/api/tpi/getTpiById', { tpiId: id }, otherAdmin)).status).toBe(404);
    expect((await t.post('/api/tpi/getTpiById', { tpiId: ['x'] }, admin)).status).toBe(400);
    expect((await t.post('/api/tpi/getTpiById', { tpiId: id })).status).toBe(401);
  });
});

describe("an auditor serving two organisations, as each reads it (issue 64)", () => {
  it('names only the organisations the reader works for; the auditor itself sees all of its own', async () => {
    const id = await t.userId('auditor2@demo.test');
    const readers: [string, string[]][] = [
      [admin, [demoOrg]],
      [contractor1, [demoOrg]],
      [otherAdmin, [otherOrg]],
    ];
    for (const [cookie, seen] of readers) {
      const res = await t.post<{ assoc_companies: string[] }>('/api/tpi/getTpiById', { tpiId: id }, cookie);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.assoc_companies).toEqual(seen);
    }
    const self = await t.signIn('auditor2@demo.test');
    const own = await t.post<{ assoc_companies: string[] }>('/api/tpi/getTpiById', { tpiId: id }, self);
    expect([...own.body.data.assoc_companies].sort()).toEqual([demoOrg, otherOrg].sort());
    // The auditors list of each organisation says the same.
    for (const [cookie, org] of [[admin, demoOrg], [otherAdmin, otherOrg]] as const) {
      const list = await t.post<{ tpiId: string; assoc_companies: string[] }[]>('/api/tpi/getTpisByCompanyId', { companyId: org }, cookie);
      expect(list.status, list.body.message).toBe(200);
      expect(list.body.data.find((a) => a.tpiId === id)?.assoc_companies).toEqual([org]);
    }
  });
});

describe('POST /api/app/getUsersByIds', () => {
  it('names the users the caller may see and leaves out the rest', async () => {
    const asked = [ids['admin@demo.test'], ids['contractor1@demo.test'], ids['contractor@other.test'], 'no-such-id'];
    const res = await t.post<{ user: string; fullName: string }[]>('/api/app/getUsersByIds', { userIds: asked }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u) => u.fullName).sort()).toEqual(['Dana Admin', 'North Sea Scaffolding']);
    const foreign = await t.post<unknown[]>('/api/app/getUsersByIds', { userIds: asked }, otherAdmin);
    expect(foreign.body.data.map((u) => (u as { fullName: string }).fullName)).toEqual(['Other Fabrication Co']);
    expect((await t.post('/api/app/getUsersByIds', { userIds: 'x' }, admin)).status).toBe(400);
    expect((await t.post('/api/app/getUsersByIds', { userIds: Array.from({ length: 201 }, (_, i) => `id${i}`) }, admin)).status).toBe(400);
    expect((await t.post('/api/app/getUsersByIds', { userIds: [] })).status).toBe(401);
  });
});

describe('profile edit and image', () => {
  it('updates the own profile and stores the phone in E.164', async () => {
    const res = await t.post<Profile>('/api/profile/updateProfile', { name: 'Callum Reid Ltd', phoneNo: '9123456780', location: 'Peterhead' }, contractor1);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.profile.saved);
    expect(res.body.data).toMatchObject({ name: 'Callum Reid Ltd', phoneNo: '+919123456780', location: 'Peterhead' });
    expect((await t.get<Profile>('/api/auth/me', contractor1)).body.data.name).toBe('Callum Reid Ltd');
  });
  it('refuses bad input and no session', async () => {
    const badPhone = await t.post('/api/profile/updateProfile', { name: 'Valid Name', phoneNo: '12ab' }, contractor1);
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe(messages.profile.phoneInvalid);
    const shortName = await t.post('/api/profile/updateProfile', { name: 'ab' }, contractor1);
    expect(shortName.body.message).toBe(messages.profile.nameMin);
    expect((await t.post('/api/profile/updateProfile', { name: 'Valid Name' })).status).toBe(401);
  });
  it('saves the e-mail preference', async () => {
    const res = await t.post<Profile>('/api/profile/updatePreferences', { emailNotifications: false }, auditor1);
    expect(res.body.data.emailNotifications).toBe(false);
    expect((await t.post('/api/profile/updatePreferences', { emailNotifications: 'no' }, auditor1)).status).toBe(400);
  });

  it('stores a profile image that only users who may see the owner can download', async () => {
    const res = await t.upload<Profile>('/api/profile/uploadProfileImage', { name: 'my photo.png', content: PNG_BYTES, type: 'image/png' }, contractor1);
    expect(res.status).toBe(200);
    const image = res.body.data.profileImage;
    expect(image?.fileName).toMatch(/^[A-Za-z0-9]{5}_my_photo\.png$/);
    expect(image?.filePath).toBe(`profile/${ids['contractor1@demo.test']}/${image?.fileName}`);
    expect(image?.fileSize).toBe(PNG_BYTES.length);
    const link = image?.fileLink ?? '';
    const own = await t.app.inject({ method: 'GET', url: link, headers: { cookie: contractor1 } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: admin } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: otherAdmin } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/not-a-uuid/x', headers: { cookie: admin } })).statusCode).toBe(400);
  });

  it('keeps any file name: UTF-8 in Content-Disposition with an ASCII fallback, NFC, a short link', async () => {
    const name = `文件 😀 Cafe\u0301 ${'long'.repeat(30)}.png`;
    const res = await t.upload<Profile>('/api/profile/uploadProfileImage', { name, content: PNG_BYTES, type: 'image/png' }, contractor1);
    expect(res.status).toBe(200);
    const image = res.body.data.profileImage;
    expect(image?.fileName).toMatch(/_文件_😀_Café_(long)+\.png$/);
    expect(image?.fileName).toBe(image?.fileName.normalize('NFC'));
    const link = image?.fileLink ?? '';
    expect(link).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const got = await t.app.inject({ method: 'GET', url: link, headers: { cookie: contractor1 } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    const disposition = String(got.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(image?.fileName);
    // A link stored with the name in it, as before, still works.
    const old = await t.app.inject({ method: 'GET', url: `${link}/${encodeURIComponent(image?.fileName ?? '')}`, headers: { cookie: contractor1 } });
    expect(old.statusCode).toBe(200);
  });

  it('refuses a file whose bytes are not its extension, a wrong type, a too large file and no file', async () => {
    const fake = await t.upload('/api/profile/uploadProfileImage', { name: 'fake.png', content: Buffer.from('just some text, not an image') }, auditor1);
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(messages.files.mismatch);
    const gif = await t.upload('/api/profile/uploadProfileImage', { name: 'anim.gif', content: Buffer.from('GIF89a') }, auditor1);
    expect(gif.status).toBe(415);
    expect(gif.body.message).toBe(messages.files.typeNotSupported);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES + 10)]);
    const large = await t.upload('/api/profile/uploadProfileImage', { name: 'big.png', content: big }, auditor1);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(messages.files.tooLarge);
    const none = await t.post('/api/profile/uploadProfileImage', { file: 'x' }, auditor1);
    expect(none.status).toBe(400);
    expect((await t.upload('/api/profile/uploadProfileImage', { name: 'a.png', content: PNG_BYTES })).status).toBe(401);
    expect((await t.get<Profile>('/api/auth/me', auditor1)).body.data.profileImage).toBeNull();
  });
});
