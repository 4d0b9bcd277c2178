import path from 'node:path';
import type { Config } from '../platform/config';
import { LocalFileStore } from './local-store';
import type { FileStore } from './store';

/** Where the S3 store keeps the copies the workbook build reads. */
export function uploadCacheDir(dataDir: string): string {
  return path.join(dataDir, 'cache', 'uploads');
}

/**
 * The store the configuration names. The AWS SDK is loaded only when STORAGE_URL is set, so an
 * install on local disk never pays for it in memory (docs/product.md#several-app-processes).
 */
export async function createFileStore(config: Config): Promise<FileStore> {
  if (!config.s3) return new LocalFileStore(config.pdfDir);
  // The SDK by its package name, so that the bundle keeps it a dynamic import (scripts/build-server.ts
  // inlines the app's own modules, and would hoist a static import of it from s3-store.ts).
  const [{ S3FileStore }, sdk] = await Promise.all([import('./s3-store'), import('@aws-sdk/client-s3')]);
  return new S3FileStore(config.s3, uploadCacheDir(config.dataDir), sdk);
}
