import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { NotificationPreferences } from '@palisade/domain/notifications/notification.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAssessment, demoBank, mailsOf, notificationsOf, waitFor } from '../../test/notifications-helpers';

/** A message as the SMTP server received it. */
interface Received {
  to: string[];
  raw: string;
}

let server: SMTPServer;
const received: Received[] = [];
let t: TestApp;

/** Quoted-printable as nodemailer writes it: soft breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of the message's part of that content type (split on the MIME boundary). */
function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not multipart');
  const part = raw.split(`--${boundary}`).find((p) => p.includes(`Content-Type: ${type}`));
  if (!part) throw new Error(`no ${type} part`);
  const headerEnd = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, '');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** A header's value, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { notificationSweepMs: 3_600_000 });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('delivery through a real SMTP server', () => {
  it('sends the mail of an event with its subject, action link and a working unsubscribe link', async () => {
    const admin = await t.signIn('admin@demo.test');
    const org = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
    const c1 = await t.userId('contractor1@demo.test');
    await createAssessment(t, admin, await demoBank(t, admin, org), 'SMTP Delivery Audit', [c1]);

    const [mail] = await waitFor(
      async () => received.filter((m) => m.to.includes('contractor1@demo.test')),
      (list) => list.length > 0,
    );
    const raw = mail?.raw ?? '';
    expect(header(raw, 'Subject')).toBe('Palisade: New assessment: SMTP Delivery Audit');
    expect(header(raw, 'To')).toContain('contractor1@demo.test');
    const text = partOf(raw, 'text/plain');
    expect(text).toContain('shared the assessment SMTP Delivery Audit with you');
    expect(text).toContain('Open in the portal: http://localhost:3000/atgl/Contractor/Assessment');
    const html = partOf(raw, 'text/html');
    expect(html).toContain('href="http://localhost:3000/atgl/Contractor/Assessment"');
    const unsubscribe = /Unsubscribe from these e-mails: (http:\/\/localhost:3000\/unsubscribe\?token=\S+)/.exec(text)?.[1] ?? '';
    expect(unsubscribe).not.toBe('');
    expect(header(raw, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);

    // Signed out, the link's token turns this kind's mails off, and only this kind.
    const token = new URL(unsubscribe).searchParams.get('token') ?? '';
    const res = await t.post<{ kind: string }>('/api/notification/unsubscribe', { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.kind).toBe('assessment_shared');
    const c1Cookie = await t.signIn('contractor1@demo.test');
    const prefs = await t.post<NotificationPreferences>('/api/notification/getPreferences', {}, c1Cookie);
    expect(prefs.body.data.kinds.filter((k) => !k.email).map((k) => k.kind)).toEqual(['assessment_shared']);

    // The next share reaches contractor1 in the app only.
    const before = received.length;
    await createAssessment(t, admin, await demoBank(t, admin, org), 'SMTP Quiet Audit', [c1]);
    const list = await t.post<{ items: Array<{ title: string }> }>('/api/notification/list', {}, c1Cookie);
    expect(list.body.data.items.some((n) => n.title === 'New assessment: SMTP Quiet Audit')).toBe(true);
    const quiet = await notificationsOf(t.db, 'assessment_shared', 'SMTP Quiet Audit');
    expect(quiet).toHaveLength(1);
    expect(await mailsOf(t.db, quiet.map((n) => n.id))).toEqual([]);
    expect(received.length).toBe(before);
  });
});
