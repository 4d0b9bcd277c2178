import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID_FILE, mantineIdsFromReact } from './mantine-ids-plugin';

/** The installed Mantine's `useId` hook: the file the build changes. */
const entry = createRequire(import.meta.url).resolve('@mantine/hooks');
const hookFile = path.join(
  entry.slice(0, entry.lastIndexOf(`${path.sep}hooks${path.sep}`) + 6),
  'esm/use-id/use-id.mjs',
);

type Transform = (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | null;

function transform(code: string, id: string) {
  const hook = mantineIdsFromReact().transform as Transform;
  return hook.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    code,
    id,
  );
}

describe('Mantine ids from React (decision 0383)', () => {
  it("takes the random id's layout effect out of the installed Mantine's useId, and keeps React's id", () => {
    expect(MANTINE_USE_ID_FILE.test(hookFile)).toBe(true);
    const installed = fs.readFileSync(hookFile, 'utf8');
    expect(installed).toContain('setUuid(randomId())');
    const result = transform(installed, hookFile);
    expect(result?.code).not.toContain('randomId()');
    expect(result?.code).not.toContain('useIsomorphicEffect(');
    expect(result?.code).toContain('useId()');
    expect(result?.code).toContain('if (typeof staticId === "string") return staticId;');
  });

  it('fails the build when a Mantine release has changed the hook', () => {
    const changed = fs.readFileSync(hookFile, 'utf8').replace('setUuid(randomId())', 'setUuid(nextId())');
    expect(() => transform(changed, hookFile)).toThrow(/decision 0383/);
  });

  it('leaves every other module alone', () => {
    expect(transform('export const x = 1;', '/app/node_modules/@mantine/core/esm/index.mjs')).toBeNull();
  });
});
