import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts small secrets kept in the database (two-factor secrets, single sign-on client secrets)
 * with AES-256-GCM: a copy of the database alone does not reveal them, and a changed ciphertext is
 * refused (the tag), never decrypted to garbage.
 */
export interface SecretBox {
  /** "v1.<iv>.<tag>.<ciphertext>", base64url parts; a new random IV each call. */
  encrypt(plain: string): string;
  /** The plain text; throws on a box made with another key, or changed. */
  decrypt(boxed: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
/** The file under the data folder that keeps the generated key when PALISADE_SECRET_KEY is unset. */
export const SECRET_KEY_FILE = 'secret-key';

/**
 * The 32-byte key from the configured text: any text (a passphrase or a random string; `openssl
 * rand -base64 32` is a good one) is stretched through HKDF-SHA256, so its form does not matter.
 */
export function secretKeyFrom(text: string): Buffer {
  if (text.trim() === '') throw new Error('PALISADE_SECRET_KEY is empty');
  return Buffer.from(
    crypto.hkdfSync(
      'sha256',
      Buffer.from(text, 'utf8'),
      Buffer.alloc(0),
      'palisade secret-box v1',
      32,
    ),
  );
}

/**
 * The key: PALISADE_SECRET_KEY when set; else the one kept in <dataDir>/secret-key, made (random,
 * owner-only) on first use. Several instances sharing one database must share
 * PALISADE_SECRET_KEY, as a generated key lives on one machine only.
 */
export function loadSecretKey(opts: { secretKey: string | undefined; dataDir: string }): Buffer {
  if (opts.secretKey !== undefined && opts.secretKey !== '') return secretKeyFrom(opts.secretKey);
  const file = path.join(opts.dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting on one fresh folder do not write two keys; the second reads.
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return secretKeyFrom(fs.readFileSync(file, 'utf8').trim());
}

/** A box that encrypts and decrypts with this 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box takes a 32-byte key');
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        iv.toString('base64url'),
        tag.toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt(boxed) {
      const parts = boxed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('not a secret box');
      const [, iv, tag, body] = parts as [string, string, string, string];
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
