import { createBackup } from '../src/server/features/backup/service';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { createFileStore } from '../src/server/files/create-file-store';

/**
 * `npm run backup`: an online, consistent backup of the database and the PDFs into
 * BACKUP_DIR/backup-<UTC time>/, keeping the newest 14. Safe while the server runs. On PostgreSQL
 * (DATABASE_URL) the database part is pg_dump's (docs/operations.md). With STORAGE_URL
 * set, the PDFs are downloaded from the bucket into the backup (decision 0170).
 */
try {
  const config = loadConfig();
  const files = config.s3 ? await createFileStore(config) : undefined;
  const openPdf = files && (async (fileName: string) => (await files.open(fileName))?.stream ?? null);
  const { folder, manifest } = await (config.databaseUrl
    ? (await import('../src/server/features/backup/postgres')).createPostgresBackup({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        pdfDir: config.pdfDir,
        backupDir: config.backupDir,
        accessCodeKey: config.accessCodeKey,
        openPdf,
      })
    : createBackup({
        databaseFile: config.databaseFile,
        pdfDir: config.pdfDir,
        backupDir: config.backupDir,
        accessCodeKey: config.accessCodeKey,
        openPdf,
      })
  ).finally(() => files?.close());
  console.log(`Backup written to ${folder}`);
  console.log(
    `  ${manifest.counts.couples} couples, ${manifest.pdfCount} PDFs, ${manifest.counts.workbook_responses} workbook responses`,
  );
  if (config.s3)
    console.log(
      "  The PDFs are in object storage (STORAGE_URL): keep them with the bucket's versioning or replication.",
    );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
