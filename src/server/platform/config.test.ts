import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  demoModeExposureWarning,
  FULL_SCRYPT,
  insecureCookieWarning,
  isLoopbackHost,
  loadConfig,
  TEST_SCRYPT,
} from './config';

describe('loadConfig', () => {
  it('applies the defaults of docs/product.md#configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      adminUsername: 'admin',
      adminPassword: undefined,
      trialWeeks: 4,
      sessionTtlDays: 30,
      cookieSecure: false,
      demoMode: true,
    });
    expect(config.databaseFile).toMatch(/data[/\\]app\.sqlite$/);
  });

  it('reads DATABASE_URL (postgres:// only) and STORAGE_URL (s3://bucket/prefix) with the S3 settings', () => {
    const defaults = loadConfig({});
    expect(defaults.databaseUrl).toBeUndefined();
    expect(defaults.s3).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/vows' }).databaseUrl).toBe('postgres://u:p@db:5432/vows');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/vows' }).databaseUrl).toBe('postgresql://db/vows');
    // docs/postgresql-and-s3.md's form for a server on the same machine: its Unix socket's folder in `host`.
    const socket = 'postgres://vows:secret@localhost/vows?host=/var/run/postgresql';
    expect(loadConfig({ DATABASE_URL: socket }).databaseUrl).toBe(socket);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/vows' })).toThrow(/DATABASE_URL: must be a postgres:\/\//);
    expect(
      loadConfig({
        STORAGE_URL: 's3://vows-pdfs/site/a/',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'vows-pdfs',
      prefix: 'site/a',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ STORAGE_URL: 's3://vows-pdfs', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      bucket: 'vows-pdfs',
      prefix: '',
      region: 'eu-west-1',
      credentials: undefined,
    });
    for (const bad of ['vows-pdfs', 's3://', 's3://Upper/x', 'https://bucket/x']) {
      expect(() => loadConfig({ STORAGE_URL: bad }), bad).toThrow(/STORAGE_URL: must be s3:\/\//);
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://bkt/x', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/,
    );
  });

  it('turns demo mode off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('keeps an empty access code (it disables that path)', () => {
    expect(loadConfig({ TRIAL_ACCESS_CODE: '' }).trialAccessCode).toBe('');
  });

  it('names every bad variable on its own line', () => {
    try {
      loadConfig({ PORT: 'eighty', TRIAL_WEEKS: '60', COOKIE_SECURE: 'maybe', ADMIN_PASSWORD: '123' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT: .*port/);
      expect(problems.join('\n')).toMatch(/TRIAL_WEEKS: .*52/);
      expect(problems.join('\n')).toMatch(/COOKIE_SECURE: must be true or false/);
      expect(problems.join('\n')).toMatch(/ADMIN_PASSWORD: must be at least 6/);
    }
  });

  it('takes PUBLIC_URL as an origin for links, defaulting to localhost on PORT', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://vows.example.com/' }).publicUrl).toBe('https://vows.example.com');
    for (const bad of [
      'vows.example.com',
      'ftp://vows.example.com',
      'https://vows.example.com/app',
      'https://a:b@x.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be/);
    }
  });

  it('reads the mail settings: SMTP_URL smtp(s) only, MAIL_FROM derived from PUBLIC_URL, ADMIN_EMAIL optional', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/vows' });
    expect(defaults.mail).toEqual({
      smtpUrl: undefined,
      from: 'Vows & Weeks <no-reply@localhost>',
      adminEmail: undefined,
      outboxDir: '/srv/vows/outbox',
    });
    expect(defaults.rateLimits).toMatchObject({ codeRequestsPerEmail: 5, codeRequestsPerAddress: 30 });
    const set = loadConfig({
      PUBLIC_URL: 'https://vows.example.com',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      ADMIN_EMAIL: 'Seller@Example.com',
    });
    expect(set.mail).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: 'Vows & Weeks <no-reply@vows.example.com>',
      adminEmail: 'seller@example.com',
    });
    expect(loadConfig({ MAIL_FROM: 'hello@example.com' }).mail.from).toBe('hello@example.com');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\//);
    expect(() => loadConfig({ MAIL_FROM: 'Vows & Weeks' })).toThrow(/MAIL_FROM: must be an address/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'seller' })).toThrow(/ADMIN_EMAIL: must be an email address/);
  });

  it('turns card payments on with both Stripe secrets, and checks the price and currency', () => {
    expect(loadConfig({}).payments).toEqual({ priceCents: 4900, currency: 'usd', stripe: null });
    const on = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_xyz', CURRENCY: 'EUR' });
    expect(on.payments).toEqual({
      priceCents: 4900,
      currency: 'eur',
      stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_xyz', apiBase: undefined },
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/set both/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ PRICE_CENTS: '0' })).toThrow(/PRICE_CENTS/);
    expect(() => loadConfig({ CURRENCY: 'dollars' })).toThrow(/CURRENCY: must be a three-letter/);
  });

  it('cannot switch rate limits off', () => {
    expect(() => loadConfig({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '0' })).toThrow(ConfigError);
  });

  it("hashes new passwords at OWASP's cost; the cheap test cost only under NODE_ENV=test", () => {
    expect(FULL_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'false' }).passwordHashing.scrypt).toBe(FULL_SCRYPT);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashing.scrypt).toBe(TEST_SCRYPT);
    for (const NODE_ENV of ['production', 'development'] as const) {
      expect(() => loadConfig({ NODE_ENV, DEMO_MODE: 'false', PASSWORD_HASH_COST: 'test' })).toThrow(
        /PASSWORD_HASH_COST: test makes password hashes cheap to guess/,
      );
    }
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST: must be 'full' or 'test'/);
  });

  it('bounds the password hashes at once: 2 running and 8 waiting unless configured', () => {
    expect(loadConfig({}).passwordHashing).toEqual({ concurrency: 2, queue: 8, scrypt: FULL_SCRYPT });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' }).passwordHashing).toEqual({
      concurrency: 1,
      queue: 0,
      scrypt: FULL_SCRYPT,
    });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(
      /PASSWORD_HASH_CONCURRENCY: must be greater than 0/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: '-1' })).toThrow(/PASSWORD_HASH_QUEUE: must be 0 or more/);
  });

  it('reads ACCESS_CODE_KEY as 32 bytes in base64, and names it when it is anything else', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({}).accessCodeKey).toBeUndefined();
    expect(loadConfig({ ACCESS_CODE_KEY: ` ${key.toString('base64')}\n` }).accessCodeKey).toEqual(key);
    for (const bad of [
      'short',
      Buffer.alloc(31).toString('base64'),
      Buffer.alloc(33).toString('base64'),
      `${key.toString('base64')}!`,
    ]) {
      expect(() => loadConfig({ ACCESS_CODE_KEY: bad })).toThrow(/ACCESS_CODE_KEY: must be 32 bytes in base64/);
    }
  });
});

describe('the demo-mode warning at start-up', () => {
  it('names DEMO_MODE and NODE_ENV=production when demo mode is on and other machines can connect', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com']) {
      const warning = demoModeExposureWarning(loadConfig({ HOST: host, DEMO_MODE: 'true' }));
      expect(warning, host).toMatch(/^DEMO MODE IS ON while listening on /);
      expect(warning).toContain('NODE_ENV=production');
      expect(warning).toContain('DEMO_MODE=false');
    }
    // The default: development, demo mode on, every interface.
    expect(demoModeExposureWarning(loadConfig({}))).toBeDefined();
  });

  it('stays quiet with demo mode off or on loopback only', () => {
    expect(demoModeExposureWarning(loadConfig({ NODE_ENV: 'production' }))).toBeUndefined();
    expect(demoModeExposureWarning(loadConfig({ DEMO_MODE: 'false' }))).toBeUndefined();
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(demoModeExposureWarning(loadConfig({ HOST: host, DEMO_MODE: 'true' }))).toBeUndefined();
    }
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});

// Security review: an https site with COOKIE_SECURE off started without a word.
describe('the insecure-cookie warning at start-up', () => {
  it('names PUBLIC_URL and COOKIE_SECURE=true when PUBLIC_URL is https and COOKIE_SECURE is off', () => {
    for (const env of [
      { PUBLIC_URL: 'https://vows.example' },
      { PUBLIC_URL: 'https://vows.example/', COOKIE_SECURE: 'false' },
    ]) {
      const warning = insecureCookieWarning(loadConfig(env));
      expect(warning).toMatch(/^PUBLIC_URL is https:\/\/vows\.example \(https\) but COOKIE_SECURE is off/);
      expect(warning).toContain('Set COOKIE_SECURE=true.');
    }
  });

  it('stays quiet with COOKIE_SECURE on, or when PUBLIC_URL is http (the default)', () => {
    expect(
      insecureCookieWarning(loadConfig({ PUBLIC_URL: 'https://vows.example', COOKIE_SECURE: 'true' })),
    ).toBeUndefined();
    expect(insecureCookieWarning(loadConfig({ PUBLIC_URL: 'http://vows.example' }))).toBeUndefined();
    expect(insecureCookieWarning(loadConfig({}))).toBeUndefined();
  });
});
