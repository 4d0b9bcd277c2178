import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file of the page's own code (tests and test fixtures aside). */
function pageSources(dir = 'src/web'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : pageSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.startsWith('test-')
      ? [file]
      : [];
  });
}

/**
 * One source per rule (issue 20): whether a week is open, why it is locked and the sentence that
 * says so are decided on the server (src/shared/unlock.ts, the frameworks service) and arrive in
 * the week list. The page shows them; it neither runs the unlock rule nor writes those sentences.
 */
describe('the week notices have one source', () => {
  const sources = pageSources().map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

  it('finds the page code', () => {
    expect(sources.map((source) => source.file)).toContain(
      path.join('src', 'web', 'features', 'dashboard', 'journey-map.tsx'),
    );
  });

  it('never imports the unlock rule into the page', () => {
    expect(sources.filter(({ text }) => /from '[./]*shared\/unlock'/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it.each([
    ['the previous-week notice', /to unlock this week/],
    ['the trial notice', /Get the full course to unlock it/],
    ['the coming-soon notice', /framework will be available soon/],
  ])('does not write %s itself', (_name, sentence) => {
    // api-error.ts only recognises the server's sentence in a refusal, to say it in the page's
    // language (its test holds the pattern to the server's words): it writes no notice.
    const writers = sources.filter(({ file }) => file !== path.join('src', 'web', 'lib', 'api-error.ts'));
    expect(writers.filter(({ text }) => sentence.test(text)).map(({ file }) => file)).toEqual([]);
  });
});
