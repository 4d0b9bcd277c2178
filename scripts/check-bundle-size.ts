import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The landing route's initial download, from the Vite manifest of `npm run build`: the entry chunk,
 * the landing route's chunk and everything they import statically, with their CSS, plus the message
 * catalogs the page loads (common + landing of one language, the larger: decision 0231). Fails when the
 * gzip sizes exceed the budgets of docs/benchmarks.md, or when dashboard or admin code is among
 * them; and when the couple's dashboard loads zod at first (decision 0044: its pages import rules
 * and constants from zod-free modules; the schemas cost a phone about a quarter of the page's
 * blocking time, docs/benchmarks.md).
 */
// 155 KB (decision 0269): 141.1 KB before the second language (decision 0231), then the language
// switch, the Lingui runtime and its messages, and each route's definition in the entry chunk.
// CSS 30 KB (decision 0305): 25.4 KB since the app imports Mantine's stylesheets per component.
export const BUDGET = { jsGzipBytes: 155 * 1024, cssGzipBytes: 30 * 1024 };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function landingBundle(webDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const landingKey = Object.keys(manifest).find((key) => /routes\/index\.tsx\?tsr-split=component/.test(key));
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  if (!landingKey) throw new Error('The manifest has no split landing route (routes/index.tsx).');

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(landingKey);

  const chunks = [...seen].map((key) => manifest[key]!);
  const js = [...new Set(chunks.map((c) => c.file))];
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(webDir, file))).length;
  const sources = [...seen].map((key) => manifest[key]!.src ?? key);
  const catalogs = (locale: string) =>
    ['common', 'landing']
      .map((area) => manifest[`../locales/${locale}/${area}.json`]?.file)
      .filter(Boolean) as string[];
  const catalogGzipBytes = Math.max(
    ...['en', 'es'].map((locale) => catalogs(locale).reduce((sum, f) => sum + gzip(f), 0)),
  );
  return {
    js,
    css,
    catalogGzipBytes,
    jsGzipBytes: js.reduce((sum, f) => sum + gzip(f), 0) + catalogGzipBytes,
    cssGzipBytes: css.reduce((sum, f) => sum + gzip(f), 0),
    foreign: sources.filter((src) =>
      /routes\/(dashboard|admin)|features\/(dashboard|admin|workbook)|components\/admin\//.test(src),
    ),
  };
}

/**
 * The chunks the couple's dashboard evaluates as it opens (the entry, the dashboard route's split
 * component and loader, and what they import statically) that carry zod: its `_zod` internals.
 */
export function zodOnDashboard(webDir: string): string[] {
  const files = [...dashboardOpeningFiles(readBuiltManifest(webDir))];
  return files.filter((file) => fs.readFileSync(path.join(webDir, file), 'utf8').includes('._zod'));
}

function readBuiltManifest(webDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The files the couple's dashboard evaluates as it opens: the entry's and the dashboard route's, with their static imports. */
function dashboardOpeningFiles(manifest: Manifest): Set<string> {
  const starts = Object.keys(manifest).filter(
    (key) => manifest[key]!.isEntry || /routes\/dashboard\.tsx\?tsr-split=/.test(key),
  );
  if (starts.length < 2) throw new Error('The manifest has no split dashboard route (routes/dashboard.tsx).');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of starts) visit(key);
  return new Set([...seen].map((key) => manifest[key]!.file));
}

/** What the couple's dashboard loads only when it is first shown: its other tabs and its dialogs (decision 0375). */
export const DASHBOARD_ON_DEMAND = [
  'routes/-dashboard-slots.tsx',
  'features/dashboard/wins-panel.tsx',
  'features/dashboard/profile-panel.tsx',
  'features/dashboard/onboarding-modal.tsx',
  'features/dashboard/milestone-celebration.tsx',
];

/**
 * Those of DASHBOARD_ON_DEMAND that the dashboard no longer loads on demand: a module of its own in
 * the manifest only while something imports it dynamically, and not among the files it opens with.
 */
export function notOnDemandOnDashboard(manifest: Manifest): string[] {
  const opening = dashboardOpeningFiles(manifest);
  return DASHBOARD_ON_DEMAND.filter((key) => !manifest[key] || opening.has(manifest[key].file));
}

/**
 * Mantine's classes (`m_` and eight hex digits) the built JavaScript names whose rules are in no
 * built stylesheet: a component used without its stylesheet in src/web/mantine-styles.css (decision
 * 0305), which would render unstyled. Each with the package stylesheet that holds it.
 */
export function unstyledMantineClasses(webDir: string): { name: string; stylesheet: string }[] {
  const assets = path.join(webDir, 'assets');
  const read = (ext: string) =>
    fs
      .readdirSync(assets)
      .filter((file) => file.endsWith(ext))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
  const names = (text: string) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
  const styled = names(read('.css'));
  const missing = [...names(read('.js'))].filter((name) => !styled.has(name));
  if (missing.length === 0) return [];
  const stylesheets = path.resolve(import.meta.dirname, '../node_modules/@mantine/core/styles');
  const holder = (name: string) =>
    fs
      .readdirSync(stylesheets)
      .find(
        (file) => !file.endsWith('.layer.css') && fs.readFileSync(path.join(stylesheets, file), 'utf8').includes(name),
      );
  return missing.map((name) => ({ name, stylesheet: holder(name) ?? 'another Mantine package' }));
}

/**
 * React DOM starts in a chunk of its own (`react-dom-client-*.js`), which the boot module evaluates in
 * a task of its own before the entry chunk's (decision 0384). Returns what is wrong, if anything.
 */
export function reactDomStartProblems(webDir: string): string[] {
  const assets = path.join(webDir, 'assets');
  const boot = fs.readdirSync(assets).find((file) => /^boot-[\w-]+\.js$/.test(file));
  if (!boot) return ['no boot module (assets/boot-*.js) in the build'];
  const list = /for \(const file of (\[[^\]]*\])\)/.exec(fs.readFileSync(path.join(assets, boot), 'utf8'))?.[1];
  const files = list ? (JSON.parse(list) as string[]) : [];
  const start = files.findIndex((file) => /\/react-dom-client-[\w-]+\.js$/.test(file));
  if (start === -1) return [`the boot module (${boot}) does not evaluate a react-dom-client chunk of its own`];
  if (start === files.length - 1) return [`the boot module (${boot}) evaluates React DOM's start with the entry chunk`];
  const chunk = fs.readFileSync(path.join(webDir, files[start]!), 'utf8');
  return chunk.includes('createRoot') ? [] : [`${files[start]} does not start React DOM's client`];
}

export const HERO_TEXT = 'Prepare for a lifetime together, one week at a time';

/**
 * The build-time prerender (scripts/prerender.ts): `/` carries the page's HTML with no inline
 * script (CSP), and the shell served for every other page is empty.
 */
export function prerenderProblems(webDir: string): string[] {
  const landing = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const shellFile = path.join(webDir, 'app.html');
  const shell = fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8') : '';
  return [
    !landing.includes(`<h1`) || !landing.includes(HERO_TEXT)
      ? 'dist/web/index.html is not prerendered (no hero heading)'
      : '',
    /<script(?![^>]*\bsrc=)[^>]*>/.test(landing)
      ? 'dist/web/index.html has an inline script (forbidden by the CSP)'
      : '',
    !shell.includes('<div id="root"></div>') ? 'dist/web/app.html (the empty shell for other pages) is missing' : '',
  ].filter(Boolean);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const webDir = path.resolve(import.meta.dirname, '../dist/web');
  const bundle = landingBundle(webDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `Landing route: JS ${kb(bundle.jsGzipBytes)} gzip with ${kb(bundle.catalogGzipBytes)} of messages (budget ${kb(BUDGET.jsGzipBytes)}), CSS ${kb(bundle.cssGzipBytes)} gzip (budget ${kb(BUDGET.cssGzipBytes)})`,
  );
  const problems = [
    bundle.jsGzipBytes > BUDGET.jsGzipBytes && `JavaScript over budget: ${bundle.js.join(', ')}`,
    bundle.cssGzipBytes > BUDGET.cssGzipBytes && `CSS over budget: ${bundle.css.join(', ')}`,
    bundle.foreign.length > 0 && `Dashboard/admin code in the landing bundle: ${bundle.foreign.join(', ')}`,
    ...zodOnDashboard(webDir).map(
      (file) => `zod on the couple's dashboard (${file}): import the rule or constant from a zod-free module`,
    ),
    ...notOnDemandOnDashboard(readBuiltManifest(webDir)).map(
      (key) => `${key} is evaluated as the couple's dashboard opens: import it with React.lazy (decision 0375)`,
    ),
    ...prerenderProblems(webDir),
    ...reactDomStartProblems(webDir),
    ...unstyledMantineClasses(webDir).map(
      ({ name, stylesheet }) =>
        `Mantine class ${name} has no rules in the built CSS: add @import '@mantine/core/styles/${stylesheet}' to src/web/mantine-styles.css`,
    ),
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}
