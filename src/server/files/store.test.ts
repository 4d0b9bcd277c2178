import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../platform/paths';

/** Server and script sources (tests aside) whose text matches `pattern` (a static import). */
function staticImporters(pattern: RegExp): string[] {
  return ['src/server', 'scripts']
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
        .map((file) => path.join(folder, file)),
    )
    .filter((file) => pattern.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
}

describe('the AWS SDK loads only when STORAGE_URL is set (idle memory, decision 0170)', () => {
  it('is imported statically by the S3 store alone', () => {
    expect(staticImporters(/^\s*import\s[^;]*?from\s+['"]@aws-sdk\//m)).toEqual([
      path.join('src', 'server', 'files', 's3-store.ts'),
    ]);
  });

  it('and the S3 store only through await import()', () => {
    expect(staticImporters(/^\s*(import|export)\s[^;]*?from\s+['"][^'"]*\/s3-store['"]/m)).toEqual([]);
  });
});
