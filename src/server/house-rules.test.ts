import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONDITIONAL_PAGE_PATHS, PAGE_PATHS } from './http/pages';
import { PROJECT_ROOT } from './paths';

/*
 * House rules that used to live only in prose (docs/decisions, the README), as tests: each one
 * fails, naming the file, when a change breaks it.
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

const within = (target: string, folder: string) => target === folder || target.startsWith(`${folder}${path.sep}`);
const TRANSPORTS = [path.join('src', 'server', 'http'), path.join('src', 'server', 'trpc')];
const TRPC_INIT = path.join('src', 'server', 'trpc', 'init');

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
    expect(importsOf('src/server/features/profile/service.ts')).toContainEqual({
      target: path.join('src', 'server', 'features', 'auth', 'access'),
      typeOnly: true,
    });
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
