import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredEntry, StoredFile } from './store';

/** The PDF folder on local disk (config.pdfDir), the default store. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(readonly dir: string) {}

  private pathOf(name: string): string {
    return path.join(this.dir, path.basename(name));
  }

  async put(source: string, name: string): Promise<void> {
    // The upload was received in this same folder, so the rename is atomic.
    await fs.rename(source, this.pathOf(name));
  }

  async open(name: string): Promise<StoredFile | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(name), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true }).catch(() => undefined);
  }

  async list(): Promise<StoredEntry[]> {
    const names = await fs.readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const entries = await Promise.all(
      names.map(async (name) => {
        const stats = await fs.stat(path.join(this.dir, name)).catch(() => null);
        return stats?.isFile() ? { name, modifiedAt: stats.mtimeMs } : null;
      }),
    );
    return entries.filter((entry): entry is StoredEntry => entry !== null);
  }

  async localPath(name: string): Promise<string | null> {
    const file = this.pathOf(name);
    return (await fs.stat(file).catch(() => null))?.isFile() ? file : null;
  }

  async pruneLocalCopies(): Promise<void> {}

  /** The folder is there, is a folder, and this process may read and write it. */
  async check(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    const stats = await fs.stat(this.dir);
    if (!stats.isDirectory()) throw new Error(`${this.dir} is not a folder`);
    await fs.access(this.dir, constants.R_OK | constants.W_OK | constants.X_OK);
  }

  async close(): Promise<void> {}
}
