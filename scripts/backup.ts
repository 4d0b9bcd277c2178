import { createBackup } from '../src/server/features/backup/service';
import { ConfigError, loadConfig } from '../src/server/config';
import { createFileStore } from '../src/server/files/store';

/**
 * `npm run backup`: an online, consistent backup of the database and the PDFs into
 * BACKUP_DIR/backup-<UTC time>/, keeping the newest 14. Safe while the server runs. With
 * STORAGE_URL set, the PDFs are downloaded from the bucket into the backup (decision 0170).
 */
try {
  const config = loadConfig();
  const files = config.s3 ? await createFileStore(config) : undefined;
  const { folder, manifest } = await createBackup({
    databaseFile: config.databaseFile,
    pdfDir: config.pdfDir,
    backupDir: config.backupDir,
    openPdf: files && (async (fileName) => (await files.open(fileName))?.stream ?? null),
  }).finally(() => files?.close());
  console.log(`Backup written to ${folder}`);
  console.log(
    `  ${manifest.counts.couples} couples, ${manifest.pdfCount} PDFs, ${manifest.counts.workbook_responses} workbook responses`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
