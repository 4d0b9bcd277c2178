import fs from 'node:fs';

/** Removes the temporary DATA_DIRs the e2e servers used. */
export default function globalTeardown(): void {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_CARD_DATA_DIR]) {
    if (dir?.includes('vows-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  }
}
