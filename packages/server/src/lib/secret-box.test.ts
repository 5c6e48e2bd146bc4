import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, SECRET_KEY_FILE, secretKeyFrom } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  it('decrypts what it encrypted, with a new IV each time, and refuses another key or a changed box', () => {
    const box = createSecretBox(secretKeyFrom('a passphrase'));
    const a = box.encrypt('JBSWY3DPEHPK3PXP');
    const b = box.encrypt('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.decrypt(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(secretKeyFrom('another')).decrypt(a)).toThrow();
    const [v, iv, tag, body] = a.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.decrypt('not a box')).toThrow();
  });

  it('takes PALISADE_SECRET_KEY, else makes a key once in the data folder and keeps it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-secret-'));
    try {
      expect(loadSecretKey({ secretKey: 'configured', dataDir: dir })).toEqual(
        secretKeyFrom('configured'),
      );
      await expect(fs.stat(path.join(dir, SECRET_KEY_FILE))).rejects.toThrow();
      const first = loadSecretKey({ secretKey: undefined, dataDir: dir });
      const again = loadSecretKey({ secretKey: undefined, dataDir: dir });
      expect(first.length).toBe(32);
      expect(again).toEqual(first);
      const stat = await fs.stat(path.join(dir, SECRET_KEY_FILE));
      expect(stat.mode & 0o077).toBe(0);
      expect(crypto.timingSafeEqual(first, again)).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
