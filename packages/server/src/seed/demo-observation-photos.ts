import { deflateSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { like } from 'drizzle-orm';
import { OBSERVATION_PHOTO_ROOT } from '@palisade/domain/constants';
import type { DbOrTx } from '../db/client';
import { files } from '../db/schema';
import type { FileStore } from '../storage/file-store';

/** CRC-32 as PNG chunks need it. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/**
 * A demo photo: a 320×200 PNG in the category's colour with diagonal safety stripes, so that
 * each seeded report shows a real image without shipping binary files.
 */
export function demoPhotoPng(colour: string, variant: number): Buffer {
  const width = 320;
  const height = 200;
  const [r, g, b] = rgb(colour);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.floor((x + y + variant * 13) / 24) % 2 === 0;
      const band = y > height * 0.7;
      const shade = band ? 0.55 : stripe ? 1 : 0.82;
      const i = row + 1 + x * 3;
      raw[i] = Math.round(r * shade);
      raw[i + 1] = Math.round(g * shade);
      raw[i + 2] = Math.round(b * shade);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of each category's demo photo (its chart colour). */
export const DEMO_PHOTO_COLOURS: Record<string, string> = {
  accident: '#d32f2f',
  incident: '#f57c00',
  positive_observation: '#2e7d32',
  unsafe_act: '#7b1fa2',
  unsafe_condition: '#1976d2',
  nearmiss: '#fbc02d',
};

/** The file name of a category's demo photo: `demo_{slug}_{variant}.png`. */
export function demoPhotoName(category: string, variant: number): string {
  return `demo_${category.toLowerCase().replace(/ /g, '_')}_${variant}.png`;
}

/** The bytes of a demo photo by its file name (demoPhotoName); null for another name. */
export function demoPhotoBytes(fileName: string): Buffer | null {
  const match = /demo_([a-z_]+)_(\d+)\.png$/.exec(fileName);
  const colour = match?.[1] ? DEMO_PHOTO_COLOURS[match[1]] : undefined;
  return match && colour ? demoPhotoPng(colour, Number(match[2])) : null;
}

/**
 * Writes the bytes of the seeded reports' photos (their rows name `demo_{slug}.png` files under
 * observations/) into the store. main calls it once the demo data is seeded.
 */
export async function writeDemoObservationPhotos(db: DbOrTx, store: FileStore): Promise<number> {
  const rows = await db.select({ path: files.path }).from(files).where(like(files.path, `${OBSERVATION_PHOTO_ROOT}/%demo_%.png`));
  let written = 0;
  for (const { path } of rows) {
    const bytes = demoPhotoBytes(path);
    if (!bytes) continue;
    await store.put(path, Readable.from([bytes]));
    written += 1;
  }
  return written;
}
