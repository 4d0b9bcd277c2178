import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const stylesheets = path.join(root, 'node_modules/@mantine/core/styles');

/**
 * src/web/mantine-styles.css (decision 0305) imports Mantine's per-component stylesheets in the
 * order @mantine/core/styles.css concatenates them: rules of equal specificity win by order, so a
 * component's own rules must come after those of the components it is built from. (That every
 * class the app's build names has its rules is checked on the build, scripts/check-bundle-size.ts.)
 */
describe('the Mantine stylesheets the app imports', () => {
  const imported = [
    ...fs
      .readFileSync(path.join(import.meta.dirname, 'mantine-styles.css'), 'utf8')
      .matchAll(/^@import '@mantine\/core\/styles\/([A-Za-z-]+\.css)';$/gm),
  ].map((match) => match[1]!);
  const full = fs.readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');

  it('start with the baseline, the default variables and the global rules', () => {
    expect(imported.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
  });

  it('come in the order of the full stylesheet', () => {
    const places = imported.map((file) => full.indexOf(fs.readFileSync(path.join(stylesheets, file), 'utf8').trim()));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });
});
