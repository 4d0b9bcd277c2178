import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../shared/constants';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** A trimmed text that must match `pattern`, else `message`. */
const matching = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, message);

const positiveInt = (label: string) =>
  z.coerce
    .number({ error: `must be a whole number (${label})` })
    .int(`must be a whole number (${label})`)
    .positive(`must be greater than 0 (${label})`);

/**
 * Every environment variable the server reads (docs/product.md#configuration). Defaults live here
 * and in .env.example; nothing else in the code reads process.env.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address such as https://vows.example.com' })
    // A path, query or fragment would be doubled or lost in the links built from it.
    .refine((value) => {
      if (!URL.canParse(value)) return true; // z.url() has said so already
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, 'must be an origin only, such as https://vows.example.com (no path, query or credentials)')
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// address such as smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: matching(
    /^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
    'must be an address such as no-reply@example.com or "Vows & Weeks <no-reply@example.com>"',
  ).optional(),
  ADMIN_EMAIL: matching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address such as seller@example.com').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'must be 3-32 letters, digits, _ . or -')
    .default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .min(6, 'must be at least 6 characters')
    .max(128, 'must be at most 128 characters')
    .optional(),
  TRIAL_ACCESS_CODE: z.string().trim().default('TRY-52-WEEKS'),
  TRIAL_WEEKS: positiveInt('weeks').max(52, 'must be at most 52').default(4),
  DEMO_MODE: booleanFromEnv.optional(),
  DEMO_EMAIL: z.string().trim().toLowerCase().default('demo@example.com'),
  DEMO_ACCESS_CODE: z.string().trim().default('DEMO-2026'),
  SESSION_TTL_DAYS: positiveInt('days').max(365, 'must be at most 365').default(30),
  COOKIE_SECURE: booleanFromEnv.default(false),
  TRUST_PROXY: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: positiveInt('failed sign-ins per 15 minutes').default(10),
  RATE_LIMIT_SIGNIN_PER_ADDRESS: positiveInt('failed sign-ins per 15 minutes').default(100),
  RATE_LIMIT_CONTACT_PER_MINUTE: positiveInt('messages per minute').default(10),
  RATE_LIMIT_REGISTER_PER_HOUR: positiveInt('registrations per hour').default(30),
  RATE_LIMIT_CODE_REQUESTS_PER_EMAIL: positiveInt('code requests per hour').default(5),
  RATE_LIMIT_CODE_REQUESTS_PER_ADDRESS: positiveInt('code requests per hour').default(30),
  STRIPE_SECRET_KEY: matching(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
    'must be a Stripe secret key (sk_test_... or sk_live_...)',
  ).optional(),
  STRIPE_WEBHOOK_SECRET: matching(
    /^whsec_[A-Za-z0-9_+/=]+$/,
    "must be the webhook endpoint's signing secret (whsec_...)",
  ).optional(),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address (Stripe's API by default)" })
    .optional(),
  PRICE_CENTS: positiveInt('cents').max(10_000_000, 'must be at most 10000000 (cents)').default(4900),
  CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'must be a three-letter currency code such as usd')
    .default('usd'),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// address such as postgres://user:pass@db.example.com:5432/vows',
    })
    .optional(),
  STORAGE_URL: matching(
    /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/,
    'must be s3://bucket or s3://bucket/prefix (a lowercase bucket name)',
  ).optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address (AWS S3 when unset)' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  ACCESS_CODE_KEY: z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (44 characters), such as the output of: openssl rand -base64 32',
    )
    .transform((value) => Buffer.from(value, 'base64'))
    .optional(),
  VAPID_PUBLIC_KEY: matching(
    /^B[A-Za-z0-9_-]{86}$/,
    'must be a P-256 public key in base64url (87 characters starting with B), such as the publicKey of: npx web-push generate-vapid-keys',
  ).optional(),
  VAPID_PRIVATE_KEY: matching(
    /^[A-Za-z0-9_-]{43}$/,
    'must be a P-256 private key in base64url (43 characters), such as the privateKey of: npx web-push generate-vapid-keys',
  ).optional(),
  VAPID_SUBJECT: matching(
    /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
    'must be a mailto: address or an https:// URL where push services can reach the seller',
  ).optional(),
  PUSH_SERVICE_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) =>
        origins.every((origin) => {
          if (!URL.canParse(origin)) return false;
          const url = new URL(origin);
          return /^https?:$/.test(url.protocol) && url.origin === origin.replace(/\/$/, '');
        }),
      'must be origins such as http://127.0.0.1:8790, comma-separated (no path), for a local Web Push test service',
    )
    .transform((origins) => origins.map((origin) => new URL(origin).origin))
    .optional(),
  PASSWORD_HASH_CONCURRENCY: positiveInt('password hashes at once').max(64, 'must be at most 64').default(2),
  PASSWORD_HASH_QUEUE: z.coerce
    .number({ error: 'must be a whole number (password hashes waiting)' })
    .int('must be a whole number (password hashes waiting)')
    .min(0, 'must be 0 or more (password hashes waiting)')
    .max(1000, 'must be at most 1000')
    .default(8),
  PASSWORD_HASH_COST: z.enum(['full', 'test'], { error: "must be 'full' or 'test'" }).default('full'),
});

export type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };

/**
 * scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1): 128 MiB and about 0.4 s a hash. The
 * parameters are stored with each hash, so they can be raised later without invalidating old ones.
 */
export const FULL_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The test suite's cost (PASSWORD_HASH_COST=test, refused unless NODE_ENV=test), about a thousandth
 * of the full one: the suites start hundreds of apps, each hashing the admin's password, and sign up
 * hundreds of couples (decision 0284). A hash made at it is cheap to guess, so never in production.
 */
export const TEST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * The origin of every link the app gives out (success links, emails), without a trailing slash
   * (docs/product.md#configuration); defaults to http://localhost:PORT.
   */
  publicUrl: string;
  dataDir: string;
  /** The SQLite file, used when `databaseUrl` is unset (docs/product.md#configuration). */
  databaseFile: string;
  /** PostgreSQL instead of the SQLite file when set (DATABASE_URL, docs/product.md#several-app-processes). */
  databaseUrl: string | undefined;
  /**
   * The server key (ACCESS_CODE_KEY) instead of DATA_DIR/access-code.key when set (decision 0225):
   * several processes or a container platform then need no copied file.
   */
  accessCodeKey: Buffer | undefined;
  /**
   * Push reminders (decision 0270): the VAPID key pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
   * instead of DATA_DIR/vapid-keys.json when set, and the contact push services see (VAPID_SUBJECT,
   * else PUBLIC_URL when it is https, else mailto: the From address).
   */
  push: {
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    /**
     * Origins of push services accepted besides the browsers' own (PUSH_SERVICE_ORIGINS, decision
     * 0317): the tests' local Web Push service. Empty in production.
     */
    extraOrigins: string[];
  };
  /** Uploaded PDFs on local disk, used when `s3` is unset. */
  pdfDir: string;
  /**
   * S3-compatible object storage for the PDFs when STORAGE_URL is set: the bucket, the key prefix
   * (no leading or trailing slash, may be empty), the endpoint (AWS when undefined; MinIO, R2 and
   * test servers set one), the region, and the keys (undefined: the AWS SDK's usual sources).
   */
  s3:
    | {
        bucket: string;
        prefix: string;
        endpoint: string | undefined;
        region: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      }
    | undefined;
  backupDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  trialAccessCode: string;
  trialWeeks: number;
  demoMode: boolean;
  demoEmail: string;
  demoAccessCode: string;
  sessionTtlDays: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: string;
  rateLimits: {
    signInPerAccount: number;
    signInPerAddress: number;
    contactPerMinute: number;
    registerPerHour: number;
    codeRequestsPerEmail: number;
    codeRequestsPerAddress: number;
  };
  /**
   * Email (docs/product.md#email): the SMTP server (undefined: every message is written as an
   * .eml file under `outboxDir`), the From address and the seller's address for notices.
   */
  mail: { smtpUrl: string | undefined; from: string; adminEmail: string | undefined; outboxDir: string };
  /**
   * Password hashes (scrypt) running at once, and waiting beyond those; more are refused (429); and
   * the scrypt cost of new hashes (FULL_SCRYPT; TEST_SCRYPT only in the test suite).
   */
  passwordHashing: { concurrency: number; queue: number; scrypt: ScryptParams };
  /** The course's price, and card payments through Stripe Checkout when configured (docs/product.md#card-payments). */
  payments: {
    priceCents: number;
    currency: string;
    stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError listing one line per bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set" except for the access codes, where empty disables the path.
  const keepEmpty = new Set(['TRIAL_ACCESS_CODE', 'DEMO_ACCESS_CODE']);
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value === undefined) continue;
    if (value === '' && !keepEmpty.has(key)) continue;
    cleaned[key] = value;
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  // A key without the webhook secret would take payments that nothing confirms.
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (card payments) or neither (the checkout page asks buyers to get in touch)',
    ]);
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK then finds keys itself)',
    ]);
  }
  if (env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV !== 'test') {
    throw new ConfigError([
      'PASSWORD_HASH_COST: test makes password hashes cheap to guess; it is for the test suite only (NODE_ENV=test). Leave it unset.',
    ]);
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair), or neither (the server keeps its own in DATA_DIR/vapid-keys.json)',
    ]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseFile: path.join(dataDir, 'app.sqlite'),
    databaseUrl: env.DATABASE_URL,
    accessCodeKey: env.ACCESS_CODE_KEY,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, env.MAIL_FROM ?? defaultMailFrom(publicUrl)),
      extraOrigins: env.PUSH_SERVICE_ORIGINS ?? [],
    },
    pdfDir: path.join(dataDir, 'pdfs'),
    s3: env.STORAGE_URL ? s3Config(env) : undefined,
    backupDir: path.resolve(env.BACKUP_DIR),
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    trialAccessCode: env.TRIAL_ACCESS_CODE,
    trialWeeks: env.TRIAL_WEEKS,
    demoMode: env.DEMO_MODE ?? env.NODE_ENV !== 'production',
    demoEmail: env.DEMO_EMAIL,
    demoAccessCode: env.DEMO_ACCESS_CODE,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    rateLimits: {
      signInPerAccount: env.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      signInPerAddress: env.RATE_LIMIT_SIGNIN_PER_ADDRESS,
      contactPerMinute: env.RATE_LIMIT_CONTACT_PER_MINUTE,
      registerPerHour: env.RATE_LIMIT_REGISTER_PER_HOUR,
      codeRequestsPerEmail: env.RATE_LIMIT_CODE_REQUESTS_PER_EMAIL,
      codeRequestsPerAddress: env.RATE_LIMIT_CODE_REQUESTS_PER_ADDRESS,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? defaultMailFrom(publicUrl),
      adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
      outboxDir: path.join(dataDir, 'outbox'),
    },
    passwordHashing: {
      concurrency: env.PASSWORD_HASH_CONCURRENCY,
      queue: env.PASSWORD_HASH_QUEUE,
      scrypt: env.PASSWORD_HASH_COST === 'test' ? TEST_SCRYPT : FULL_SCRYPT,
    },
    payments: {
      priceCents: env.PRICE_CENTS,
      currency: env.CURRENCY,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }
          : null,
    },
  };
}

function s3Config(env: z.output<typeof envSchema>): NonNullable<Config['s3']> {
  const [bucket = '', ...rest] = env.STORAGE_URL!.slice('s3://'.length).split('/');
  return {
    bucket,
    prefix: rest.filter(Boolean).join('/'),
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * The From address when MAIL_FROM is unset: the product's name at no-reply@ the PUBLIC_URL's host
 * name (`localhost` when that is an IP address or a single label, which no mail server accepts
 * as a domain of its own).
 */
export function defaultMailFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? host : 'localhost';
  return `${PRODUCT_NAME} <no-reply@${domain}>`;
}

/**
 * Who push services contact about this server's notifications when VAPID_SUBJECT is unset: the
 * PUBLIC_URL when it is https (RFC 8292 asks for a mailto: or https: URI), else mailto: the address
 * in the From line.
 */
export function defaultVapidSubject(publicUrl: string, from: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return `mailto:${address}`;
}

/** Addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name) || /^::ffff:127\./.test(name);
}

/**
 * The start-up warning for a site served over https whose cookies are not marked Secure:
 * PUBLIC_URL (the address every link gives out) is https, COOKIE_SECURE is off, so the session,
 * facilitator and device cookies would also travel over a plain http request to the same host,
 * where anyone on the network can read them. Undefined when PUBLIC_URL is http or COOKIE_SECURE is on.
 */
export function insecureCookieWarning(config: Config): string | undefined {
  if (config.cookieSecure || !config.publicUrl.startsWith('https://')) return undefined;
  return (
    `PUBLIC_URL is ${config.publicUrl} (https) but COOKIE_SECURE is off: the sign-in cookies are sent ` +
    'without Secure, so a browser also sends them over plain http to this host, where others on the ' +
    'network can read them. Set COOKIE_SECURE=true.'
  );
}

/**
 * The start-up warning for demo mode on an address other machines can reach (the default HOST is
 * 0.0.0.0): anyone could then sign in as the demo couple and download the demo order's workbook.
 * Undefined when demo mode is off or the server listens on loopback only.
 */
export function demoModeExposureWarning(config: Config): string | undefined {
  if (!config.demoMode || isLoopbackHost(config.host)) return undefined;
  return (
    `DEMO MODE IS ON while listening on ${config.host}, reachable from other machines: anyone can sign in ` +
    `as the demo couple (${config.demoEmail}) and download the demo order's complete workbook. ` +
    'For a real deployment set NODE_ENV=production (demo mode off), or DEMO_MODE=false.'
  );
}
