/**
 * Writes the installable app's PNG icons (src/web/public/icons, committed; decision 0265) from the
 * same drawing as favicon.svg: two interlocking rings on the plum tile. PNGs because Android and
 * iOS want bitmaps in fixed sizes; drawn here (4x4 supersampled, no image library) so anyone can
 * make them again: `npx tsx scripts/make-app-icons.ts`.
 *
 * - icon-192.png, icon-512.png: "any" purpose, the rounded tile as in the favicon;
 * - maskable-512.png: "maskable", the tile full-bleed with the rings inside the central 80% safe zone;
 * - apple-touch-icon.png (180): iOS rounds the corners itself, so full-bleed too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgb = [number, number, number];
const PLUM: Rgb = [0x9a, 0x45, 0x76];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const BLUSH: Rgb = [0xf3, 0xe1, 0xea];

interface Drawing {
  size: number;
  /** Corner radius of the tile in units of the 64-unit favicon; 0 for full-bleed. */
  cornerRadius: number;
  /** How much of the favicon's 64 units the rings are drawn in (1: as the favicon; less: smaller). */
  ringScale: number;
}

/** The colour and coverage (0-1) of one point, in the favicon's 64-unit square. */
function paint(x: number, y: number, drawing: Drawing): { color: Rgb; alpha: number } {
  const r = drawing.cornerRadius;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  if (r > 0 && (x - cx) ** 2 + (y - cy) ** 2 > r * r) return { color: PLUM, alpha: 0 };
  // The rings, scaled about the tile's centre.
  const s = drawing.ringScale;
  const ux = 32 + (x - 32) / s;
  const uy = 32 + (y - 32) / s;
  const onRing = (ringX: number) => Math.abs(Math.hypot(ux - ringX, uy - 34) - 12) <= 2.5;
  // The right ring is drawn last in the favicon, so it lies on top.
  if (onRing(39)) return { color: BLUSH, alpha: 1 };
  if (onRing(25)) return { color: WHITE, alpha: 1 };
  return { color: PLUM, alpha: 1 };
}

function render(drawing: Drawing): Buffer {
  const { size } = drawing;
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const point = paint(x, y, drawing);
          red += point.color[0] * point.alpha;
          green += point.color[1] * point.alpha;
          blue += point.color[2] * point.alpha;
          alpha += point.alpha;
        }
      }
      const offset = 1 + px * 4;
      const n = samples * samples;
      row[offset] = alpha ? Math.round(red / alpha) : 0;
      row[offset + 1] = alpha ? Math.round(green / alpha) : 0;
      row[offset + 2] = alpha ? Math.round(blue / alpha) : 0;
      row[offset + 3] = Math.round((alpha / n) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of `size` x `size` from filtered scanlines (filter byte 0 on each). */
function png(size: number, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const APP_ICONS: Record<string, Drawing> = {
  'icon-192.png': { size: 192, cornerRadius: 14, ringScale: 1 },
  'icon-512.png': { size: 512, cornerRadius: 14, ringScale: 1 },
  'maskable-512.png': { size: 512, cornerRadius: 0, ringScale: 0.8 },
  'apple-touch-icon.png': { size: 180, cornerRadius: 0, ringScale: 0.9 },
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = fileURLToPath(new URL('../src/web/public/icons/', import.meta.url));
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, drawing] of Object.entries(APP_ICONS)) {
    fs.writeFileSync(path.join(folder, name), render(drawing));
    console.log(`wrote src/web/public/icons/${name}`);
  }
}
