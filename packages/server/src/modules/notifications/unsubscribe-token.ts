import crypto from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@palisade/domain/notifications/notification.rules';

/** What an unsubscribe link carries: whose mails of which kind stop. */
export interface UnsubscribeClaim {
  userId: string;
  kind: NotificationKind;
}

const mac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`unsubscribe.${payload}`).digest('base64url');

/** `payload.signature`: the claim as base64url JSON, signed with HMAC-SHA256 by the installation's secret. */
export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, k: claim.kind }), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claim of a token signed with this secret; null when it was not, or is malformed. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('u' in parsed) || !('k' in parsed)) return null;
  const { u, k } = parsed;
  if (typeof u !== 'string' || typeof k !== 'string' || !(NOTIFICATION_KINDS as readonly string[]).includes(k)) return null;
  return { userId: u, kind: k as NotificationKind };
}
