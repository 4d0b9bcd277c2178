import fs from 'node:fs';
import S3rver from 's3rver';
import { makeTempDir } from './harness';

export const TEST_BUCKET = 'vows-test-pdfs';
export const TEST_PREFIX = 'frameworks';

export interface S3Double {
  /** The app's environment for this server: STORAGE_URL, S3_ENDPOINT and the keys. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket on disk. */
  directory: string;
  /** Stops the server (the app's S3 calls then fail) and removes its folder. */
  close: () => Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 with a random port and a temporary folder, with
 * one empty bucket: the real HTTP protocol the AWS SDK speaks, run in the test process.
 */
export async function startS3Double(): Promise<S3Double> {
  const directory = makeTempDir('vows-s3-');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  let closed = false;
  return {
    env: {
      STORAGE_URL: `s3://${TEST_BUCKET}/${TEST_PREFIX}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
