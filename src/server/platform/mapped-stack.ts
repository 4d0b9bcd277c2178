import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack frames of the compiled server mapped to the TypeScript source, when an error is logged
 * (decision 0188). The build writes `dist/server/main.js.map` without linking it from main.js, so
 * Node does not parse it at start (`--enable-source-maps` parsed it at every start and held about
 * 15 MB of an idle server's memory for errors that may never happen). The first logged error reads
 * and parses it; later ones reuse it.
 */
export function stackMapperFor(bundleFile: string, mapFile: string = `${bundleFile}.map`): (stack: string) => string {
  let map: SourceMap | null | undefined;
  const mapDir = path.dirname(mapFile);
  const frame = new RegExp(`(?:file://)?${escapeRegExp(bundleFile)}:(\\d+):(\\d+)`, 'g');
  const load = (): SourceMap | null => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
      } catch {
        // No map beside the bundle (deleted, or a build without one): the stack stays as it is.
        map = null;
      }
    }
    return map;
  };
  return (stack) => {
    if (!stack.includes(bundleFile)) return stack;
    const sourceMap = load();
    if (!sourceMap) return stack;
    return stack.replace(frame, (whole, line: string, column: string) => {
      const entry = sourceMap.findEntry(Number(line) - 1, Number(column) - 1);
      if (!('originalSource' in entry) || !entry.originalSource) return whole;
      const source = entry.originalSource.startsWith('file:')
        ? fileURLToPath(entry.originalSource)
        : path.resolve(mapDir, entry.originalSource);
      return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    });
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The logger's hook: an error logged as `err` gets its stack (and its causes') mapped to the
 * source when the server runs compiled; under tsx (tests, `npm run dev`) stacks already name the
 * source and nothing is done.
 */
export function mapLoggedStacks(): ((object: Record<string, unknown>) => Record<string, unknown>) | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const map = stackMapperFor(fileURLToPath(import.meta.url));
  return (object) => {
    let error: unknown = object.err;
    for (let depth = 0; error instanceof Error && depth < 5; depth += 1) {
      if (error.stack) error.stack = map(error.stack);
      error = error.cause;
    }
    return object;
  };
}
