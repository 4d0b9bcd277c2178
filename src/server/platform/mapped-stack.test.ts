import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { stackMapperFor } from './mapped-stack';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapped-stack-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Bundles `entry` as scripts/build-server.ts builds the server: an external map, not linked. */
async function bundleAsTheServer(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: 'external',
    sourcesContent: false,
    logLevel: 'silent',
  });
}

describe('stackMapperFor (logged errors of the compiled server, decision 0188)', () => {
  it('maps frames of a bundle built as the server is (map not linked) to the TypeScript source, on first use', async () => {
    const source = path.join(dir, 'thrower.ts');
    fs.writeFileSync(
      source,
      [
        'export const filler: number = 1;',
        '',
        'export function fail(): never {',
        "  throw new Error('boom');",
        '}',
        '',
      ].join('\n'),
    );
    const bundle = path.join(dir, 'out', 'bundle.js');
    await bundleAsTheServer(source, bundle);
    // As the server's build: Node finds no map to parse at start.
    expect(fs.readFileSync(bundle, 'utf8')).not.toContain('sourceMappingURL');
    const { fail } = (await import(pathToFileURL(bundle).href)) as { fail: () => never };
    let stack = '';
    try {
      fail();
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(stack).toContain(bundle);

    const map = stackMapperFor(bundle);
    const mapped = map(stack);
    expect(mapped).toContain(`${source}:4:`);
    expect(mapped).not.toContain(bundle);
    // A stack without the bundle's frames is left as it is; so is every stack when the map is gone.
    expect(map('Error: elsewhere\n    at x (/srv/other.js:1:1)')).toBe(
      'Error: elsewhere\n    at x (/srv/other.js:1:1)',
    );
    expect(stackMapperFor(bundle, path.join(dir, 'missing.map'))(stack)).toBe(stack);
  });

  it("the logger's hook maps a logged error's stack and its cause's when the code runs bundled", async () => {
    const entry = path.join(dir, 'logged.ts');
    fs.writeFileSync(
      entry,
      [
        `export { mapLoggedStacks } from ${JSON.stringify(path.join(import.meta.dirname, 'mapped-stack.ts'))};`,
        'export function failWithCause(): never {',
        "  throw new Error('outer', { cause: new Error('inner') });",
        '}',
        '',
      ].join('\n'),
    );
    const bundle = path.join(dir, 'logged-out', 'main.js');
    await bundleAsTheServer(entry, bundle);
    const bundled = (await import(pathToFileURL(bundle).href)) as {
      mapLoggedStacks: () => ((object: Record<string, unknown>) => Record<string, unknown>) | undefined;
      failWithCause: () => never;
    };
    const hook = bundled.mapLoggedStacks();
    expect(hook).toBeDefined();
    let error: Error | undefined;
    try {
      bundled.failWithCause();
    } catch (thrown) {
      error = thrown as Error;
    }
    hook!({ err: error, msg: 'unhandled error' });
    expect(error!.stack).toContain(`${entry}:3:`);
    expect((error!.cause as Error).stack).toContain(`${entry}:3:`);
    expect(error!.stack).not.toContain(bundle);
  });
});
