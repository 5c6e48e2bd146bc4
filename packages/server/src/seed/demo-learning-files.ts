/**
 * The bytes of the seeded learning files, made by code at seed time: the PNG and the PDF come from
 * the documents' and photos' makers; the WebM is written here (an EBML/Matroska file with one Opus
 * track of silent 20 ms packets: a real, playable and seekable WebM that needs no encoder).
 */

/** An EBML variable-length size. */
function vint(n: number): Buffer {
  for (let len = 1; len <= 8; len += 1) {
    if (n < 2 ** (7 * len) - 1) {
      const out = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i -= 1) {
        out[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      out[0] = (out[0] ?? 0) | (1 << (8 - len));
      return out;
    }
  }
  throw new Error('EBML size too large');
}

/** An element: its id bytes, size and data. */
function el(id: number, data: Buffer | Buffer[]): Buffer {
  const body = Array.isArray(data) ? Buffer.concat(data) : data;
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([idBytes, vint(body.length), body]);
}
const uint = (id: number, n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return el(id, b);
};
const float = (id: number, n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return el(id, b);
};
const str = (id: number, s: string) => el(id, Buffer.from(s, 'ascii'));

/** A silent CELT packet (fullband, 20 ms, mono). */
const SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);

/** A short WebM: `seconds` of silence in one Opus track. */
export function demoWebm(seconds = 3): Buffer {
  const opusHead = Buffer.alloc(19);
  opusHead.write('OpusHead', 0, 'ascii');
  opusHead.writeUInt8(1, 8);
  opusHead.writeUInt8(1, 9);
  opusHead.writeUInt16LE(312, 10);
  opusHead.writeUInt32LE(48000, 12);
  opusHead.writeInt16LE(0, 16);
  opusHead.writeUInt8(0, 18);
  const header = el(0x1a45dfa3, [
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    str(0x4282, 'webm'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  ]);
  const info = el(0x1549a966, [uint(0x2ad7b1, 1_000_000), float(0x4489, seconds * 1000), str(0x4d80, 'palisade'), str(0x5741, 'palisade seed')]);
  const tracks = el(0x1654ae6b, [
    el(0xae, [
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 2),
      str(0x86, 'A_OPUS'),
      el(0x63a2, opusHead),
      uint(0x56aa, 6_500_000),
      uint(0x56bb, 80_000_000),
      el(0xe1, [float(0xb5, 48000), uint(0x9f, 1)]),
    ]),
  ]);
  // One cluster a second, each with fifty 20 ms blocks.
  const clusters: Buffer[] = [];
  for (let s = 0; s < seconds; s += 1) {
    const blocks: Buffer[] = [uint(0xe7, s * 1000)];
    for (let i = 0; i < 50; i += 1) {
      const head = Buffer.alloc(4);
      head.writeUInt8(0x81, 0);
      head.writeInt16BE(i * 20, 1);
      head.writeUInt8(0x80, 3);
      blocks.push(el(0xa3, Buffer.concat([head, SILENCE])));
    }
    clusters.push(el(0x1f43b675, blocks));
  }
  return Buffer.concat([header, el(0x18538067, [info, tracks, ...clusters])]);
}
