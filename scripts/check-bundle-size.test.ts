import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unstyledMantineClasses } from './check-bundle-size';

describe('the build check of Mantine’s stylesheets (decision 0305)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function build(js: string, css: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-size-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/app.js'), js);
    fs.writeFileSync(path.join(dir, 'assets/app.css'), css);
    return dir;
  }

  it('passes a build whose CSS has the rules of every Mantine class its JavaScript names', () => {
    expect(unstyledMantineClasses(build('const c={root:"m_89d60db1"};', '.m_89d60db1{display:flex}'))).toEqual([]);
  });

  it('names a class without rules, with the stylesheet to import', () => {
    // m_89d60db1 is the root of Mantine's Tabs.
    expect(unstyledMantineClasses(build('const c={root:"m_89d60db1"};', '.m_00000000{display:flex}'))).toEqual([
      { name: 'm_89d60db1', stylesheet: 'Tabs.css' },
    ]);
  });
});
