import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_STATES } from '../certificate-states';

/**
 * QA walk: the course is sold in the US, and its English said "marriage licence". A US couple
 * applies for a marriage license: these spellings never appear in the English people read (the
 * catalogs, the bundled course and inventory content, the state rules, the server's own messages).
 * Code comments are not read by anyone but developers and are left out.
 */
const BRITISH = /\b(licence[sd]?|colou?rs?|favou?r(ite|ites|able|s|ed)?|honou?r(s|ed|ing|able)?)\b/gi;
const US = new Set(['color', 'colors', 'favor', 'favors', 'favored', 'favorite', 'favorites', 'favorable']);
const isBritish = (word: string) => {
  const lower = word.toLowerCase();
  return lower.startsWith('licence') || (/our/.test(lower) && !US.has(lower));
};

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const filesIn = (folder: string, test: (name: string) => boolean) =>
  fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(test)
    .map((name) => path.join(folder, name));

/** The source lines that are code (not a comment line), so a string in them is something people read. */
function codeLines(file: string): string {
  return read(file)
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

function britishIn(where: string, text: string): string[] {
  return [...text.matchAll(BRITISH)]
    .map((match) => match[0])
    .filter(isBritish)
    .map((word) => `${where}: ${word}`);
}

describe('English spelling (US)', () => {
  it('the catalogs and the bundled content say license, color, favorite and honor', () => {
    const files = [
      ...filesIn('src/locales/en', (name) => name.endsWith('.json')),
      ...filesIn('src/server/features/workbook/content', (name) => /^week-\d+\.json$/.test(name)),
      'src/server/features/inventory/statements.json',
    ];
    expect(files.flatMap((file) => britishIn(file, read(file)))).toEqual([]);
  });

  it('the state rules and the server’s messages say license', () => {
    const sources = [
      ...filesIn('src/server', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
      ...filesIn('src/shared', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts')),
    ];
    expect([
      ...britishIn('CERTIFICATE_STATES', JSON.stringify(CERTIFICATE_STATES)),
      ...sources.flatMap((file) => britishIn(file, codeLines(file))),
    ]).toEqual([]);
  });
});
