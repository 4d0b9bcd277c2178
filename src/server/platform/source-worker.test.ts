import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledWorkerEntry } from './source-worker';

const made: string[] = [];
afterEach(() => {
  for (const file of made.splice(0)) fs.rmSync(file, { recursive: true, force: true });
});

/** An entry module of TypeScript importing another one, in a folder of its own. */
function sourceEntry(greeting: string): { entry: URL; part: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'source-worker-'));
  made.push(dir);
  const part = path.join(dir, 'greeting.ts');
  fs.writeFileSync(part, `export const greeting: string = ${JSON.stringify(greeting)};\n`);
  const entry = path.join(dir, 'source-worker-probe.ts');
  fs.writeFileSync(
    entry,
    "import { parentPort } from 'node:worker_threads';\nimport { greeting } from './greeting';\nparentPort?.postMessage(greeting satisfies string);\n",
  );
  return { entry: pathToFileURL(entry), part };
}

function runThread(url: URL): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url);
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('a worker entry compiled from the TypeScript source', () => {
  it('runs as plain JavaScript in a thread, is compiled once, and again when a source file changes', async () => {
    const { entry, part } = sourceEntry('hello');
    const first = compiledWorkerEntry(entry);
    made.push(fileURLToPath(first));
    expect(path.relative(path.resolve(import.meta.dirname, '../../..'), fileURLToPath(first))).toMatch(
      /^dist\/dev\/source-worker-probe-[0-9a-f]{16}\.js$/,
    );
    expect(await runThread(first)).toBe('hello');
    expect(compiledWorkerEntry(entry).href).toBe(first.href);

    fs.writeFileSync(part, 'export const greeting: string = "hello again";\n');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(part, later, later);
    const second = compiledWorkerEntry(entry);
    made.push(fileURLToPath(second));
    expect(second.href).not.toBe(first.href);
    expect(await runThread(second)).toBe('hello again');
  });
});
