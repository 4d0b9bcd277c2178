import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../platform/config';
import { createReadStream } from 'node:fs';
import { ensurePrivateDir, openPrivateFile } from '../platform/private-files';
import type { FileStore, StoredEntry, StoredFile } from './store';

type S3Settings = NonNullable<Config['s3']>;

/**
 * How long an S3 call may wait for a connection, and for its answer to begin (a 10 MB upload
 * included): past either it fails instead of hanging a request.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const ANSWER_TIMEOUT_MS = 60_000;

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * The PDFs in an S3-compatible bucket (AWS S3, MinIO, R2; decision 0170), each under
 * `<prefix>/<name>`. Loaded only when STORAGE_URL is set (store.ts imports it lazily).
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  /**
   * `sdk` is the AWS SDK's S3 module, imported by the caller with `await import()`: a static import
   * here would be hoisted into the server's bundle and loaded at every start (decision 0176).
   */
  constructor(
    settings: S3Settings,
    private readonly cacheDir: string,
    private readonly sdk: typeof import('@aws-sdk/client-s3'),
  ) {
    this.bucket = settings.bucket;
    this.keyPrefix = settings.prefix === '' ? '' : `${settings.prefix}/`;
    this.client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // MinIO, R2 and local test servers are addressed by path, not by a bucket sub-domain.
      forcePathStyle: settings.endpoint !== undefined,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
      // default trailing checksums on streamed uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: ANSWER_TIMEOUT_MS,
        // Without it the SDK only logs a warning when the time is up and goes on waiting.
        throwOnRequestTimeout: true,
      },
    });
  }

  private keyOf(name: string): string {
    return `${this.keyPrefix}${path.basename(name)}`;
  }

  async put(source: string, name: string, size: number): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(name),
        Body: createReadStream(source),
        ContentLength: size,
        ContentType: 'application/pdf',
      }),
    );
  }

  async open(name: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }),
      );
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await Promise.all([
      this.client
        .send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }))
        .catch(() => undefined),
      fs.rm(path.join(this.cacheDir, path.basename(name)), { force: true }).catch(() => undefined),
    ]);
  }

  async list(): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyPrefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.keyPrefix.length) ?? '';
        // Objects in "sub-folders" of the prefix are not ours.
        if (name === '' || name.includes('/')) continue;
        entries.push({ name, modifiedAt: object.LastModified?.getTime() ?? Date.now() });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return entries;
  }

  /**
   * The cached copy of an object, fetched first when this process has none. Names are unique per
   * upload (a replacement gets a new one), so a cached copy never goes stale; it is written under a
   * temporary name and renamed, so a reader never sees half a file.
   */
  async localPath(name: string): Promise<string | null> {
    const target = path.join(this.cacheDir, path.basename(name));
    if ((await fs.stat(target).catch(() => null))?.isFile()) return target;
    const stored = await this.open(name);
    if (!stored) return null;
    await ensurePrivateDir(this.cacheDir);
    const temporary = path.join(this.cacheDir, `.fetch-${randomBytes(8).toString('hex')}.tmp`);
    try {
      const handle = await openPrivateFile(temporary);
      await pipeline(stored.stream, handle.createWriteStream());
      await fs.rename(temporary, target);
    } catch (error) {
      stored.stream.destroy();
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return target;
  }

  async pruneLocalCopies(keep: ReadonlySet<string>): Promise<void> {
    const names = await fs.readdir(this.cacheDir).catch(() => [] as string[]);
    await Promise.all(
      names.filter((name) => !keep.has(name)).map((name) => fs.rm(path.join(this.cacheDir, name), { force: true })),
    );
  }

  /** One listing of at most one key under the prefix: the permission the start-up sweep needs too. */
  async check(signal: AbortSignal): Promise<void> {
    await this.client.send(
      new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyPrefix, MaxKeys: 1 }),
      {
        abortSignal: signal,
      },
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
