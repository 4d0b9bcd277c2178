import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pinNextTickShape, pinnedNextTickEntry } from './pin-next-tick-shape';

describe('pinNextTickShape', () => {
  it('holds a real process.nextTick queue entry', () => {
    for (const entry of [pinnedNextTickEntry, pinNextTickShape()]) {
      expect(entry).toBeDefined();
      // Node 20 had these two computed keys; Node 22 and 24 add a third (async_context_frame).
      expect(Object.getOwnPropertySymbols(entry).map(String).slice(0, 2)).toEqual([
        'Symbol(async_id_symbol)',
        'Symbol(trigger_async_id_symbol)',
      ]);
      expect(entry).toHaveProperty('callback');
    }
  });

  it('leaves no async hook enabled', async () => {
    // The hook saw the one nextTick it was enabled for; a later one is not caught.
    const first = pinNextTickShape();
    await new Promise((resolve) => process.nextTick(resolve));
    expect(pinNextTickShape()).not.toBe(first);
    // Node's own record of init hooks (read in a fresh process with its internals exposed): an
    // enabled hook would make every nextTick, promise and socket call it.
    const script = `
      import { createRequire } from 'node:module';
      await import(${JSON.stringify(new URL('./pin-next-tick-shape.ts', import.meta.url).pathname)});
      process.stdout.write(String(createRequire(import.meta.url)('internal/async_hooks').initHooksExist()));
    `;
    const output = execFileSync(
      process.execPath,
      ['--expose-internals', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(output).toBe('false');
  });

  it('keeps the shape of new entries alive through major garbage collections', () => {
    // In a fresh process with V8's test natives: after full collections with the queue empty,
    // a new entry still has the pinned entry's hidden class, so V8's compiled fast path for the
    // literal stays valid.
    const script = `
      const { pinnedNextTickEntry, pinNextTickShape } = await import(${JSON.stringify(new URL('./pin-next-tick-shape.ts', import.meta.url).pathname)});
      for (let i = 0; i < 3; i++) { await new Promise((resolve) => setImmediate(resolve)); globalThis.gc(); }
      process.stdout.write(String(%HaveSameMap(pinnedNextTickEntry, pinNextTickShape())));
    `;
    const output = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(output).toBe('true');
  });
});
