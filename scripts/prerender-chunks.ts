import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Module evaluation in tasks of one chunk each (decision 0182). A browser evaluates a module graph,
 * the entry's or a dynamically imported route's, in one task: at a phone's speed the entry's
 * (React, the router, Mantine's provider) and the dashboard's (its components, the shared zod
 * schemas) were 100-250 ms each of blocking time. Importing the same chunks one at a time, each
 * after the chunks it imports, with a task boundary in between, evaluates exactly the same modules
 * in the same dependency order, in short tasks. Vite's manifest gives the static imports of each
 * chunk; the chunk graph has no cycles (checked here), so the order is the browser's own.
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(webDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The chunk files of the given manifest entries and everything they import statically, each after
 * its imports (depth-first post-order, as the browser evaluates them), leaving out those in `done`
 * (which it extends).
 */
export function evaluationOrder(manifest: Manifest, roots: string[], done: Set<string>): string[] {
  const order: string[] = [];
  const onPath = new Set<string>();
  const visit = (key: string) => {
    if (onPath.has(key)) throw new Error(`The chunk graph has a cycle through ${key}.`);
    if (done.has(key)) return;
    done.add(key);
    onPath.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}.`);
    for (const imported of chunk.imports ?? []) visit(imported);
    onPath.delete(key);
    order.push(`/${chunk.file}`);
  };
  for (const root of roots) visit(root);
  return order;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The manifest has no entry chunk.');
  return key;
}

/**
 * The split chunks (component, loader, pending component…) of the file routes a page path
 * matches: `/admin` is `routes/admin.tsx` and `routes/admin.index.tsx`, `/` is `routes/index.tsx`.
 */
export function routeChunkKeys(manifest: Manifest, pagePath: string): string[] {
  const segments = pagePath.split('/').filter(Boolean);
  const names = segments.map((_, index) => segments.slice(0, index + 1).join('.'));
  // `/` is `routes/index.tsx`.
  names.push(segments.length > 0 ? `${segments.join('.')}.index` : 'index');
  return names.flatMap((name) =>
    Object.keys(manifest)
      .filter((key) => key.startsWith(`routes/${name}.tsx?tsr-split=`))
      .sort(),
  );
}

/** The chunks a page's route needs beyond the entry's, in evaluation order (main.tsx imports them). */
export function pageRouteChunks(manifest: Manifest, pagePath: string, shownAtOnce: string[] = []): string[] {
  const done = new Set<string>();
  evaluationOrder(manifest, [entryKey(manifest)], done);
  return evaluationOrder(manifest, [...routeChunkKeys(manifest, pagePath), ...shownAtOnce], done);
}

/**
 * The route stylesheets a page's app uses beyond the entry's, in the order Vite's chunk loader would
 * add them: those of the route's chunks (`routeChunks`, from pageRouteChunks), then those of the
 * entry's lazily loaded parts that are not routes (the toast region). The prerendered page links
 * them deferred with the entry's, so the app applies them all at once (decision 0296) and Vite's
 * loader finds them already there.
 */
export function pageRouteStylesheets(manifest: Manifest, routeChunks: string[]): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk]));
  const lazy = (manifest[entryKey(manifest)]!.dynamicImports ?? []).filter((key) => !key.startsWith('routes/'));
  const chunks = [...routeChunks.map((file) => byFile.get(file)), ...lazy.map((key) => manifest[key])];
  return [...new Set(chunks.flatMap((chunk) => chunk?.css ?? []))].map((file) => `/${file}`);
}

/**
 * Writes `assets/boot-<hash>.js`: the module the prerendered pages start with instead of the entry.
 * It imports the entry's chunks one per task, the entry last; the HTML keeps preloading all of them,
 * so they still download in parallel. Returns its path from the web root.
 */
export function writeBootModule(webDir: string, manifest: Manifest): string {
  const files = evaluationOrder(manifest, [entryKey(manifest)], new Set());
  const source = [
    '// Evaluates the entry chunk and its imports one chunk per task, each after its imports (decision 0182).',
    `for (const file of ${JSON.stringify(files)}) {`,
    '  await import(file);',
    '  await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0)));',
    '}',
    '',
  ].join('\n');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  const file = `assets/boot-${hash}.js`;
  fs.writeFileSync(path.join(webDir, file), source);
  return `/${file}`;
}

/**
 * A prerendered page's HTML, starting with the boot module instead of the entry (still preloaded),
 * and naming its route's chunks for main.tsx.
 */
export function withChunkByChunkEvaluation(html: string, bootFile: string, entryFile: string, routeChunks: string[]) {
  const entryScript = `<script type="module" crossorigin src="/${entryFile}"></script>`;
  if (!html.includes(entryScript)) throw new Error(`The page has no ${entryScript}`);
  return html
    .replace(
      entryScript,
      () =>
        `<script type="module" crossorigin src="${bootFile}"></script>\n    <link rel="modulepreload" crossorigin href="/${entryFile}">`,
    )
    .replace('</head>', () => `  <meta name="route-chunks" content="${routeChunks.join(' ')}">\n  </head>`);
}
