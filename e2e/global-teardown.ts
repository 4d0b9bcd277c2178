import fs from 'node:fs';

/** Removes the temporary DATA_DIR the e2e server used. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('vows-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
