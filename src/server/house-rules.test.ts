import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONDITIONAL_PAGE_PATHS, PAGE_PATHS } from './http/pages';
import { PROJECT_ROOT } from './platform/paths';

/*
 * House rules that used to live only in prose (docs/decisions, the README), as tests: each one
 * fails, naming the file, when a change breaks it.
 *
 * The layers of the server (decision 0215), bottom to top; a file imports its own layer and the
 * layers below it, never one above, and no file imports itself back through others (no circle):
 *   1. src/shared             runs on both sides: schemas, constants, error codes
 *   2. src/server/platform/   the process: configuration, paths, private files, error mapping
 *   3. src/server/db/, files/ where the data lives: the database and the uploaded files
 *   4. src/server/deps/       AppDeps, what every service is handed, and the pieces inside it
 *   5. src/server/features/   the product, one folder per feature (they may call each other's
 *                             services, never another feature's repo)
 *   6. src/server/http/, trpc/ and every features/<name>/router.ts: the transports
 *   7. src/server/*.ts        the composition: main.ts, app.ts, create-deps.ts
 * The `server import layers` tests below list every circle and every import that runs back up.
 */

function sourceFiles(folder: string): string[] {
  const full = path.join(PROJECT_ROOT, folder);
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

const isTest = (file: string) => /\.test\.tsx?$|[/\\]test-support\.ts$|^src[/\\]server[/\\]test[/\\]/.test(file);

/** The project-relative files a source file imports (relative specifiers only), with `type` imports marked. */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
  const found: { target: string; typeOnly: boolean }[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const target = path.normalize(path.join(path.dirname(file), match[3]!));
    found.push({ target, typeOnly: Boolean(match[2]) });
  }
  for (const match of text.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
    found.push({ target: path.normalize(path.join(path.dirname(file), match[1]!)), typeOnly: false });
  }
  return found;
}

/** The file an import names: the specifier with its extension, or the folder's index. */
function resolveImport(target: string): string {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
  return (
    candidates.find((file) => fs.statSync(path.join(PROJECT_ROOT, file), { throwIfNoEntry: false })?.isFile()) ?? target
  );
}

/** The import graph of the non-test files of src/server and src/shared: file -> the files it imports. */
function serverImportGraph(): Map<string, string[]> {
  const files = [...sourceFiles('src/shared'), ...sourceFiles('src/server')].filter((file) => !isTest(file));
  return new Map(files.map((file) => [file, importsOf(file).map(({ target }) => resolveImport(target))]));
}

const SERVER = path.join('src', 'server');
/** Bottom to top (the comment at the top of this file). */
const LAYERS = ['shared', 'platform', 'storage', 'deps', 'features', 'transports', 'composition'] as const;

/** The layer a file belongs to, or undefined for files outside src/ (db/migrations, package files). */
function layerOf(file: string): (typeof LAYERS)[number] | undefined {
  const parts = file.split(path.sep);
  if (parts[0] !== 'src') return undefined;
  if (parts[1] === 'shared') return 'shared';
  if (parts[1] !== 'server') return undefined;
  if (parts.length === 3) return 'composition';
  const folder = parts[2]!;
  if (folder === 'features') return parts.length === 5 && parts[4] === 'router.ts' ? 'transports' : 'features';
  if (folder === 'http' || folder === 'trpc') return 'transports';
  if (folder === 'deps') return 'deps';
  if (folder === 'db' || folder === 'files') return 'storage';
  if (folder === 'platform') return 'platform';
  throw new Error(`${file}: a folder of src/server without a layer (add it to LAYERS and the comment at the top)`);
}

/** Every import from a lower layer to a higher one, as "file -> target". */
function importsRunningBackUp(graph: Map<string, string[]>): string[] {
  const rank = (file: string) => {
    const layer = layerOf(file);
    return layer === undefined ? -1 : LAYERS.indexOf(layer);
  };
  return [...graph].flatMap(([file, targets]) =>
    targets.filter((target) => rank(target) > rank(file)).map((target) => `${file} -> ${target}`),
  );
}

/** Every circle of imports (Tarjan's strongly connected components of two files or more), each sorted. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1 || graph.get(file)!.includes(file)) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

const within = (target: string, folder: string) => target === folder || target.startsWith(`${folder}${path.sep}`);
const TRANSPORTS = [path.join('src', 'server', 'http'), path.join('src', 'server', 'trpc')];
const TRPC_INIT = path.join('src', 'server', 'trpc', 'init');

const FEATURES = path.join('src', 'server', 'features');

/** The server feature a project-relative path lies in (`src/server/features/<name>/...`), or undefined. */
function serverFeatureOf(file: string): string | undefined {
  return within(file, FEATURES) ? file.slice(FEATURES.length + 1).split(path.sep)[0] : undefined;
}

/** Whether `target` is a repo (`repo.ts`, `admin-repo.ts`: all its SQL) of a feature other than `file`'s. */
function reachesIntoOtherRepo(file: string, target: string): boolean {
  const feature = serverFeatureOf(target);
  return (
    feature !== undefined &&
    feature !== serverFeatureOf(file) &&
    /(^|-)repo$/.test(path.basename(target).replace(/\.ts$/, ''))
  );
}

describe('server imports point one way (GUIDE habit 13)', () => {
  it('features never import a transport; a feature router.ts imports only trpc/init', () => {
    const offending: string[] = [];
    for (const file of sourceFiles('src/server/features').filter((f) => !isTest(f))) {
      const isRouter = path.basename(file) === 'router.ts';
      for (const { target } of importsOf(file)) {
        if (!TRANSPORTS.some((transport) => within(target, transport))) continue;
        if (isRouter && target === TRPC_INIT) continue;
        offending.push(`${file} imports ${target}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("a feature calls another feature's service, never its repo (GUIDE: the SQL of a feature is its own)", () => {
    const offending = sourceFiles('src/server/features')
      .filter((f) => !isTest(f))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target, typeOnly }) => reachesIntoOtherRepo(file, target) && !typeOnly)
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it("outside the features (the transports, create-deps, app.ts) nothing imports a feature's repo", () => {
    const offending = sourceFiles('src/server')
      .filter((file) => !isTest(file) && serverFeatureOf(file) === undefined)
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target, typeOnly }) => reachesIntoOtherRepo(file, target) && !typeOnly)
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it("trpc/ does not reach into http/ except for the request's session lookup", () => {
    const offending = sourceFiles('src/server/trpc')
      .filter((f) => !isTest(f))
      .flatMap((file) =>
        importsOf(file)
          .filter(
            ({ target }) =>
              within(target, TRANSPORTS[0]!) && target !== path.join('src', 'server', 'http', 'request-auth'),
          )
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it('src/shared runs on both sides: no server, web or node: imports', () => {
    const offending: string[] = [];
    for (const file of sourceFiles('src/shared').filter((f) => !isTest(f))) {
      const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
      if (/from\s+['"]node:/.test(text)) offending.push(`${file} imports a node: module`);
      for (const { target } of importsOf(file)) {
        // The message catalogs (src/locales, JSON data) are read by both sides too (docs/i18n.md).
        if (!within(target, path.join('src', 'shared')) && !within(target, path.join('src', 'locales')))
          offending.push(`${file} imports ${target}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the web app imports only types from the server', () => {
    const offending = sourceFiles('src/web')
      .filter((f) => !isTest(f))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target, typeOnly }) => within(target, path.join('src', 'server')) && !typeOnly)
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it('finds imports the way the rules read them (a check of the checker)', () => {
    expect(importsOf('src/server/features/frameworks/router.ts')).toContainEqual({
      target: TRPC_INIT,
      typeOnly: false,
    });
    const feature = (...parts: string[]) => path.join(FEATURES, ...parts);
    expect(reachesIntoOtherRepo(feature('gifts', 'service.ts'), feature('orders', 'repo'))).toBe(true);
    expect(reachesIntoOtherRepo(feature('couples', 'service.ts'), feature('orders', 'admin-repo'))).toBe(true);
    expect(reachesIntoOtherRepo(feature('orders', 'admin-service.ts'), feature('orders', 'admin-repo'))).toBe(false);
    expect(reachesIntoOtherRepo(feature('orders', 'admin-service.ts'), feature('facilitators', 'kept-seats'))).toBe(
      false,
    );
    expect(importsOf('src/server/features/profile/service.ts')).toContainEqual({
      target: path.join('src', 'server', 'features', 'auth', 'access'),
      typeOnly: true,
    });
  });
});

describe('server import layers (decision 0215)', () => {
  const graph = serverImportGraph();

  it('no circle of imports among the server files', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('no import runs back up to a higher layer', () => {
    expect(importsRunningBackUp(graph)).toEqual([]);
  });

  it('finds circles and back-up imports (a check of the checker)', () => {
    const file = (...parts: string[]) => path.join(SERVER, ...parts);
    const fake = new Map([
      [file('db', 'client.ts'), [file('db', 'postgres.ts'), file('platform', 'config.ts')]],
      [file('db', 'postgres.ts'), [file('db', 'client.ts')]],
      [file('platform', 'config.ts'), [path.join('src', 'shared', 'constants.ts')]],
      [file('features', 'mail', 'service.ts'), [file('deps', 'app-deps.ts'), file('features', 'auth', 'service.ts')]],
      [file('features', 'auth', 'service.ts'), [file('features', 'mail', 'service.ts'), file('trpc', 'init.ts')]],
      [file('features', 'auth', 'router.ts'), [file('trpc', 'init.ts'), file('features', 'auth', 'service.ts')]],
      [file('deps', 'app-deps.ts'), [file('features', 'mail', 'signal.ts'), file('create-deps.ts')]],
      [file('trpc', 'init.ts'), [file('http', 'request-auth.ts')]],
    ]);
    expect(importCircles(fake)).toEqual([
      [file('db', 'client.ts'), file('db', 'postgres.ts')],
      [file('features', 'auth', 'service.ts'), file('features', 'mail', 'service.ts')],
    ]);
    expect(importsRunningBackUp(fake)).toEqual([
      `${file('features', 'auth', 'service.ts')} -> ${file('trpc', 'init.ts')}`,
      `${file('deps', 'app-deps.ts')} -> ${file('features', 'mail', 'signal.ts')}`,
      `${file('deps', 'app-deps.ts')} -> ${file('create-deps.ts')}`,
    ]);
    // The real graph holds the files and their resolved imports.
    expect(graph.get(file('features', 'frameworks', 'router.ts'))).toContain(file('trpc', 'init.ts'));
    expect(layerOf(file('features', 'frameworks', 'router.ts'))).toBe('transports');
    expect(layerOf(file('features', 'frameworks', 'service.ts'))).toBe('features');
  });
});

describe('speed rules (docs/benchmarks.md)', () => {
  it("no code writes response headers through reply.raw (it puts every response on Node's slow header path)", () => {
    const offending = [...sourceFiles('src/server'), ...sourceFiles('scripts')]
      .filter((file) => !isTest(file) && !file.includes(`${path.sep}bench${path.sep}`))
      .filter((file) => /\.raw\.(setHeader|writeHead)\(/.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
    expect(offending).toEqual([]);
  });
});

describe('pages', () => {
  /** The page a TanStack Router route file serves: `index.tsx` is `/`, `admin-login.tsx` is `/admin-login`. */
  function routePath(file: string): string | null {
    const name = file.replace(/\.tsx$/, '');
    if (name === '__root') return null;
    const segments = name
      .split(/[/\\.]/)
      .filter((segment) => segment !== 'index' && !segment.startsWith('_'))
      // `$coupleId` (TanStack's path parameter) is Fastify's `:coupleId`.
      .map((segment) => segment.replace(/^\$/, ':'));
    return `/${segments.join('/')}`;
  }

  it('the server serves exactly the pages the web app has route files for (always, or once saved)', () => {
    const routes = fs
      .readdirSync(path.join(PROJECT_ROOT, 'src/web/routes'), { recursive: true, encoding: 'utf8' })
      // A file named `-...` is not a route (TanStack Router's ignore prefix): the landing page's body.
      .filter((file) => file.endsWith('.tsx') && !path.basename(file).startsWith('-'))
      .map(routePath)
      .filter((route): route is string => route !== null);
    // A layout route (admin.tsx) and its index (admin.index.tsx) serve the same page. The seller's
    // public pages (/refund, ...) answer 200 only once saved, 404 before: conditional, but routed.
    expect([...PAGE_PATHS, ...CONDITIONAL_PAGE_PATHS].sort()).toEqual([...new Set(routes)].sort());
    expect(PAGE_PATHS.filter((page) => (CONDITIONAL_PAGE_PATHS as string[]).includes(page))).toEqual([]);
  });
});

const WEB_FEATURES = path.join('src', 'web', 'features');

/** The feature a project-relative path lies in (`src/web/features/<name>/...`), or undefined. */
function webFeatureOf(file: string): string | undefined {
  return within(file, WEB_FEATURES) ? file.slice(WEB_FEATURES.length + 1).split(path.sep)[0] : undefined;
}

describe('web folders (docs/architecture.md: features do not import each other, routes compose them)', () => {
  it("a feature's files import no other feature (the route passes the other feature's component in)", () => {
    const offending = sourceFiles('src/web/features')
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => webFeatureOf(target) !== undefined && webFeatureOf(target) !== webFeatureOf(file))
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it('components/ and lib/, the shared building blocks, import no feature', () => {
    const offending = [...sourceFiles('src/web/components'), ...sourceFiles('src/web/lib')]
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => within(target, WEB_FEATURES))
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });
});

describe('web accessibility rules', () => {
  it('a loading Skeleton that is named also has a role (an aria-label on a div with no role is prohibited, axe aria-prohibited-attr)', () => {
    const offending: string[] = [];
    for (const file of sourceFiles('src/web').filter((name) => name.endsWith('.tsx') && !isTest(name))) {
      const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
      for (const tag of text.matchAll(/<Skeleton\b[^>]*>/g)) {
        if (tag[0].includes('aria-label') && !/\brole=/.test(tag[0])) offending.push(`${file}: ${tag[0]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});

describe('test rules', () => {
  const mockingFiles = (folders: string[]) =>
    folders
      .flatMap(sourceFiles)
      .filter((file) => /\.test\.tsx?$/.test(file))
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')))
      .map((file) => file.split(path.sep).join('/'));

  it('a server test file that replaces a module (vi.mock) runs isolated: it is listed in moduleMockTests (decision 0286)', () => {
    const config = fs.readFileSync(path.join(PROJECT_ROOT, 'vitest.config.ts'), 'utf8');
    const start = config.indexOf('const moduleMockTests');
    const listed = config.slice(start, config.indexOf('];', start));
    const mocking = mockingFiles(['src/server', 'scripts', 'db']);
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !listed.includes(`'${file}'`))).toEqual([]);
  });

  it("no web test file replaces a module: the web files share their worker's modules (decision 0286; stub fetch or spy instead)", () => {
    expect(mockingFiles(['src/web', 'src/shared'])).toEqual([]);
  });
});
