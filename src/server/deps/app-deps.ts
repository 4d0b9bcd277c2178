import type { DB } from '../db/client';
import type { FileStore } from '../files/store';
import type { Config } from '../platform/config';
import type { HashSlots } from './hash-slots';
import type { MailSignal } from './mail-signal';
import type { RateLimits } from './rate-limiter';
import type { RequestReads } from './request-reads';
import type { SessionResolver } from './session-resolver';

/**
 * What services need: the configuration, the database, the session lookup, the rate limits, the
 * slots bounding password hashes at once, and the server secret personal access codes are hashed
 * with (ACCESS_CODE_KEY or DATA_DIR/access-code.key, decisions 0092 and 0225).
 */
export interface AppDeps {
  config: Config;
  db: DB;
  sessions: SessionResolver;
  rateLimits: RateLimits;
  passwordHashes: HashSlots;
  accessCodeKey: Buffer;
  /** Wakes this process's mail worker when a message is queued (features/mail). */
  mailSignal: MailSignal;
  /** Where the uploaded PDFs live: the PDF folder, or S3 when STORAGE_URL is set (decision 0170). */
  files: FileStore;
  /** The VAPID key pair push messages are signed with (VAPID_* or DATA_DIR/vapid-keys.json, decision 0270). */
  vapid: VapidKeys;
  /**
   * Only in a request that changes nothing (a tRPC query batch): the reads its procedures share,
   * through readOnce (decision 0321). Never on the process's own deps.
   */
  requestReads?: RequestReads;
}

/** The server's VAPID key pair (RFC 8292), base64url: the public key's uncompressed point and the private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}
