import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DASHBOARD_ON_DEMAND,
  type Manifest,
  notOnDemandOnDashboard,
  reactDomStartProblems,
  unstyledMantineClasses,
} from './check-bundle-size';

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

describe('the build check of what the dashboard loads on demand (decision 0375)', () => {
  /** A manifest whose dashboard route imports `statically` and loads the rest of DASHBOARD_ON_DEMAND with import(). */
  function manifest(statically: string[]): Manifest {
    const chunks: Manifest = {
      'main.tsx': { file: 'assets/main.js', isEntry: true },
      'routes/dashboard.tsx?tsr-split=component': {
        file: 'assets/dashboard.js',
        imports: statically.map((key) => `_${key}`),
      },
    };
    for (const key of DASHBOARD_ON_DEMAND) {
      if (statically.includes(key)) chunks[`_${key}`] = { file: `assets/${path.basename(key)}.js` };
      else chunks[key] = { file: `assets/${path.basename(key)}.js` };
    }
    return chunks;
  }

  it('passes a dashboard that imports its other tabs and dialogs dynamically', () => {
    expect(notOnDemandOnDashboard(manifest([]))).toEqual([]);
  });

  it('names a module the dashboard opens with', () => {
    expect(notOnDemandOnDashboard(manifest(['features/dashboard/profile-panel.tsx']))).toEqual([
      'features/dashboard/profile-panel.tsx',
    ]);
  });

  it('names a module both imported dynamically and evaluated as the page opens', () => {
    const both = manifest([]);
    both['routes/dashboard.tsx?tsr-split=component']!.imports = ['features/dashboard/wins-panel.tsx'];
    expect(notOnDemandOnDashboard(both)).toEqual(['features/dashboard/wins-panel.tsx']);
  });
});

describe("the build check of React DOM's start (decision 0384)", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A build whose boot module evaluates `files` in order, each with `content`. */
  function build(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vows-react-dom-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    const list = JSON.stringify(Object.keys(files).map((file) => `/assets/${file}`));
    fs.writeFileSync(
      path.join(dir, 'assets/boot-1a2b.js'),
      `for (const file of ${list}) {\n  await import(file);\n}\n`,
    );
    for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'assets', file), content);
    return dir;
  }

  it('passes a boot module that starts React DOM in its own chunk before the entry', () => {
    const dir = build({
      'react-1.js': 'export{}',
      'react-dom-client-2.js': 'var{createRoot:n,hydrateRoot:r}=e(t(),1);export{r as n,n as t};',
      'index-3.js': 'export{}',
    });
    expect(reactDomStartProblems(dir)).toEqual([]);
  });

  it('names a build that starts React DOM with the entry chunk', () => {
    expect(reactDomStartProblems(build({ 'react-1.js': 'export{}', 'index-3.js': 'createRoot()' }))).toEqual([
      'the boot module (boot-1a2b.js) does not evaluate a react-dom-client chunk of its own',
    ]);
  });

  it('names a react-dom-client chunk that does not start the client', () => {
    expect(reactDomStartProblems(build({ 'react-dom-client-2.js': 'export{}', 'index-3.js': 'export{}' }))).toEqual([
      "/assets/react-dom-client-2.js does not start React DOM's client",
    ]);
  });
});
