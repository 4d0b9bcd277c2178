import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from './zod';

describe('the shared zod', () => {
  it('parses without compiling code at run time (the pages forbid eval)', () => {
    const calls: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        calls.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ weekNumber: z.number().int(), note: z.string().optional() });
      for (let round = 0; round < 3; round += 1) expect(schema.parse({ weekNumber: 3 })).toEqual({ weekNumber: 3 });
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(calls).toEqual([]);
  });

  it('is the only zod the page-side code imports', () => {
    const roots = ['src/shared', 'src/web'];
    const direct: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !entry.name.endsWith('.test.ts') &&
          file !== path.join('src', 'shared', 'zod.ts')
        ) {
          if (/from 'zod'/.test(fs.readFileSync(file, 'utf8'))) direct.push(file);
        }
      }
    };
    roots.forEach(walk);
    expect(direct).toEqual([]);
  });
});
