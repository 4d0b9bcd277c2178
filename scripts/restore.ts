import { restoreBackup, storeRestoredPdfs } from '../src/server/features/backup/service';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { createFileStore } from '../src/server/files/create-file-store';

/**
 * `npm run restore -- <backup folder>`: restores into DATA_DIR, which must be empty or missing (and
 * on PostgreSQL into the empty database DATABASE_URL names). Stop the server first, point DATA_DIR
 * at a fresh folder, restore, then start the server on it. With STORAGE_URL set, the PDFs are then
 * written into the bucket (decision 0170).
 */
const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder>   (restores into an empty DATA_DIR)');
  process.exit(1);
}
try {
  const config = loadConfig();
  const manifest = config.databaseUrl
    ? await (await import('../src/server/features/backup/postgres')).restorePostgresBackup({
        folder,
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
      })
    : await restoreBackup({ folder, dataDir: config.dataDir });
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}`);
  console.log(`  ${manifest.counts.couples} couples, ${manifest.pdfCount} PDFs`);
  if (config.s3) {
    const files = await createFileStore(config);
    const stored = await storeRestoredPdfs(config.pdfDir, files).finally(() => files.close());
    console.log(`  ${stored} PDFs written to the bucket (STORAGE_URL)`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
