import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The temporary folders made since the current test file started; setup.ts removes them after it. */
const made: string[] = [];

export function makeTempDir(prefix = 'vows-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder makeTempDir made (a test may have removed its own already). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
