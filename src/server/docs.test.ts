import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The repository explains itself: comments cite docs/product.md by anchors that exist, and the
 * index of decision records (docs/decisions/README.md) lists every record with its status.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCT_DOC = 'docs/product.md';
/** This file, which spells out the citation patterns it looks for. */
const SELF = 'src/server/docs.test.ts';
const DECISIONS_DIR = 'docs/decisions';

function read(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks), in order. */
function anchorsOf(markdown: string): string[] {
  const anchors: string[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const match = !inCode && /^#{1,6} (.+)$/.exec(line);
    if (match) anchors.push(headingAnchor(match[1]!));
  }
  return anchors;
}

/** Every text file of the code, the scripts, the migrations and the browser tests (repo-relative). */
function codeFiles(): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (/\.(ts|tsx|mts|mjs|js|cjs|json|css|html|md)$/.test(entry.name)) {
        files.push(child);
      }
    }
  };
  for (const dir of ['src', 'scripts', 'db', 'e2e']) walk(dir);
  for (const file of ['.env.example', 'playwright.config.ts', 'vite.config.ts', 'vitest.config.ts']) {
    if (fs.existsSync(path.join(ROOT, file))) files.push(file);
  }
  return files;
}

describe('docs/product.md', () => {
  const anchors = anchorsOf(read(PRODUCT_DOC));

  it('has headings with unique anchors, so a citation names one section', () => {
    expect(anchors.filter((anchor, index) => anchors.indexOf(anchor) !== index)).toEqual([]);
    expect(anchors).toEqual(expect.arrayContaining(['http-api', 'week-unlocking', 'rate-limits', 'ui-texts']));
  });

  it('has every section that code, scripts, the guides and decision records cite (docs/product.md#anchor)', () => {
    const missing: string[] = [];
    const sources = [
      ...codeFiles(),
      'README.md',
      // product.md itself, the guides beside it and the decision records.
      ...fs
        .readdirSync(path.join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
      ...fs.readdirSync(path.join(ROOT, DECISIONS_DIR)).map((name) => `${DECISIONS_DIR}/${name}`),
    ];
    for (const file of sources.filter((name) => name !== SELF)) {
      const text = read(file);
      // docs/product.md#x from code, product.md#x from the docs folder, (#x) inside the page itself.
      const pattern = file === PRODUCT_DOC ? /\]\(#([\w-]+)\)/g : /product\.md#([\w-]+)/g;
      for (const match of text.matchAll(pattern)) {
        if (!anchors.includes(match[1]!)) missing.push(`${file}: #${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds the anchors GitHub makes', () => {
    expect(headingAnchor('Planned: phase 2')).toBe('planned-phase-2');
    expect(headingAnchor('HTTP API')).toBe('http-api');
    expect(headingAnchor('Usernames, passwords and emails')).toBe('usernames-passwords-and-emails');
  });
});

describe('citations in the code', () => {
  // The spec files the project started from are not in the repository: their rules are restated in
  // docs/product.md, and a comment cites its heading instead (decision 0100).
  const specCitation = /\b(?:CONTRACT|SPEC)(?:\.md\b|\s+(?:\*\s+)?(?:sections?\b|§))/;

  it('cite docs/product.md, never the spec files or their sections', () => {
    const found: string[] = [];
    for (const file of codeFiles()) {
      const lines = read(file).split('\n');
      lines.forEach((line, index) => {
        // A citation may wrap onto the next comment line.
        if (specCitation.test(`${line}\n${lines[index + 1] ?? ''}`) && !specCitation.test(lines[index + 1] ?? '')) {
          found.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('recognise every form the old citations took', () => {
    // Spelled in pieces, so this file does not cite what it looks for.
    const [contract, spec] = ['CON' + 'TRACT', 'SP' + 'EC'];
    const forms = [
      `(${contract} section 4)`,
      `${spec} sections 2 and 5`,
      `the ${contract}.md rules`,
      `${spec} §8`,
      `them (${contract}\n * section 8)`,
    ];
    for (const form of forms) expect(specCitation.test(form), form).toBe(true);
    expect(specCitation.test('docs/product.md#http-api (a spec test, e2e/shell.spec.ts)')).toBe(false);
  });
});

describe('the index of decision records', () => {
  const index = read(`${DECISIONS_DIR}/README.md`);
  const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/gm)].map((match) => ({
    number: match[1]!,
    file: match[2]!,
    title: match[3]!,
    status: match[4]!,
  }));
  const records = fs.readdirSync(path.join(ROOT, DECISIONS_DIR)).filter((name) => /^\d{4}-.+\.md$/.test(name));

  /** The record numbers a status names as amending or replacing it. */
  const plain = (status: string) => status.replace(/\[(\d{4})\]\([^)]*\)/g, '$1');
  const successors = (status: string) =>
    [...plain(status).matchAll(/(?:amended|superseded) by (\d{4}(?:(?:, | and )\d{4})*)/g)]
      .flatMap((match) => match[1]!.match(/\d{4}/g) ?? [])
      .sort();

  it('lists every record file, and every row names an existing record', () => {
    expect(rows.map((row) => row.file).sort()).toEqual([...records].sort());
    for (const row of rows) expect(row.file.startsWith(`${row.number}-`), row.file).toBe(true);
  });

  it('lists each number once, in number order within each topic, and the superseded ones last', () => {
    const numbers = rows.map((row) => row.number);
    expect(numbers).toEqual([...new Set(numbers)]);
    // One table per heading: the current decisions by topic, then "Superseded".
    for (const section of index.split(/^#{2,3} /m)) {
      const inSection = [...section.matchAll(/^\| \[(\d{4})\]/gm)].map((match) => match[1]!);
      expect(inSection, section.split('\n')[0]).toEqual([...inSection].sort());
    }
    const supersededAt = index.indexOf('\n## Superseded\n');
    expect(supersededAt, 'the index has a "Superseded" section').toBeGreaterThan(0);
    for (const row of rows) {
      const listedAsSuperseded = index.indexOf(`| [${row.number}](`) > supersededAt;
      expect(listedAsSuperseded, `${row.file}: ${row.status}`).toBe(/superseded by/.test(row.status));
    }
  });

  it("gives each record's own title and the status its Status line states", () => {
    for (const row of rows) {
      const text = read(`${DECISIONS_DIR}/${row.file}`);
      expect(text.split('\n')[0], row.file).toBe(`# ${row.number} ${row.title}`);
      const status = /^Status: (.+)$/m.exec(text)?.[1];
      expect(status, `${row.file} has no Status line`).toBeDefined();
      expect(plain(row.status), row.file).toBe(status!.replace(/\s*\(\d{4}-\d{2}-\d{2}\)/, ''));
      expect(successors(row.status), row.file).toEqual(successors(status!));
    }
  });

  it('names only existing records as amending or superseding another, and says what changed', () => {
    const numbers = new Set(rows.map((row) => row.number));
    for (const row of rows) {
      const body = read(`${DECISIONS_DIR}/${row.file}`).replace(/^Status: .*$/m, '');
      for (const successor of successors(row.status)) {
        expect(numbers.has(successor), `${row.file} names ${successor}`).toBe(true);
        // A note or an amendment paragraph in the older record names the newer one.
        expect(body.includes(successor), `${row.file} says nothing about ${successor}`).toBe(true);
      }
    }
  });
});
