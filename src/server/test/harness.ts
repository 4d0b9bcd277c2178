import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../app';
import { migrations } from '../../../db/migrations/index';
import { loadConfig, TEST_SCRYPT, type Config } from '../platform/config';
import { type DatabaseHandle, nowIso, openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { AppDeps } from '../deps/app-deps';
import { hashSecret } from '../features/auth/passwords';
import { createSession, SESSION_COOKIE } from '../features/auth/sessions';
import type { AccessLevel } from '../../shared/constants';
import { createTestDatabase } from './postgres';
import { makeTempDir } from './temp-dirs';
import { appRouter } from '../trpc/router';
import { createCallerFactory } from '../trpc/init';

export const TEST_ADMIN_PASSWORD = 'admin-test-password';
/**
 * Cheap scrypt parameters for accounts made by factories: the cost the test apps' own sign-ups use
 * too (PASSWORD_HASH_COST=test, decision 0284).
 */
export const FAST_SCRYPT = TEST_SCRYPT;

export { makeTempDir };

/** A configuration for tests: a fresh temporary DATA_DIR, demo mode off unless asked for. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: env.DATA_DIR ?? makeTempDir(),
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'test',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh, migrated database: a SQLite file in a temporary folder, or on the
 * `server-pg` project a PostgreSQL database of its own (src/server/test/postgres.ts); close()
 * removes both. Its DATA_DIR gets a random access-code key at first start, as a real installation
 * does.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = env.DATABASE_URL ? undefined : await createTestDatabase();
  const config = testConfig(database ? { ...env, DATABASE_URL: database.url } : env);
  return startTestApp(config, database?.drop);
}

/**
 * A server restart: closes `previous` but keeps its DATA_DIR (database, PDFs, access-code key),
 * then starts the app again on it with `env` (the whole test environment, as for createTestApp).
 */
export async function restartTestApp(previous: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  await previous.app.close();
  const databaseUrl = previous.config.databaseUrl;
  const config = testConfig({
    ...env,
    DATA_DIR: previous.config.dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  return startTestApp(config, dropDatabases.get(previous));
}

const dropDatabases = new WeakMap<TestApp, () => Promise<void>>();

async function startTestApp(config: Config, dropDatabase?: () => Promise<void>): Promise<TestApp> {
  const app = await buildApp(config, { logger: false, print: () => {}, webDir: path.join(config.dataDir, 'no-web') });
  await app.ready();
  const started: TestApp = {
    app,
    deps: app.deps,
    config,
    close: async () => {
      await app.close();
      await dropDatabase?.();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  if (dropDatabase) dropDatabases.set(started, dropDatabase);
  return started;
}

/**
 * createTestApp for a whole test file: built before its first test and closed after its last.
 * The handle is filled in when the app is built, so read it inside tests and hooks only.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(env));
  });
  afterAll(() => handle.close());
  return handle;
}

/** `DATA_DIR/app.sqlite` as the first released version left it: only the first migration applied. */
export async function createFirstVersionDatabase(dataDir: string): Promise<void> {
  const older = openDatabase(path.join(dataDir, 'app.sqlite'));
  const [first] = Object.entries(migrations);
  await migrateToLatest(older.db, Object.fromEntries([first!]));
  await older.db.destroy();
}

/**
 * For a migration's test: opens a SQLite database as the migrations before `migration` left it
 * (a fresh file each call), closed after each test.
 */
export function useDatabaseBefore(migration: string): () => Promise<DatabaseHandle> {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.db.destroy();
    handle = undefined;
  });
  return async () => {
    handle = openDatabase(path.join(makeTempDir(), 'app.sqlite'));
    const names = Object.keys(migrations);
    await migrateToLatest(handle.db, Object.fromEntries(Object.entries(migrations).slice(0, names.indexOf(migration))));
    return handle;
  };
}

let sequence = 0;

export interface CoupleFixture {
  coupleId: number;
  accountId: number;
  email: string;
}

/** Creates a couple with an email account (no password) at the given access level. */
export async function createCouple(
  deps: AppDeps,
  options: {
    accessLevel?: AccessLevel;
    displayName?: string;
    partnerName?: string;
    weddingDate?: string | null;
    email?: string;
    username?: string;
    password?: string;
  } = {},
): Promise<CoupleFixture> {
  sequence += 1;
  const now = nowIso();
  const email = options.email ?? `couple${sequence}-${Date.now()}@example.com`;
  const couple = await deps.db
    .insertInto('couples')
    .values({
      display_name: options.displayName ?? 'Robin',
      partner_name: options.partnerName ?? 'Casey',
      wedding_date: options.weddingDate ?? null,
      access_level: options.accessLevel ?? 'full',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await deps.db
    .insertInto('accounts')
    .values({
      role: 'couple',
      couple_id: couple.id,
      username: options.username ?? null,
      email: options.username ? null : email,
      password_hash: options.password ? await hashSecret(options.password, FAST_SCRYPT) : null,
      access_code_hash: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { coupleId: couple.id, accountId: account.id, email };
}

/** A session for the account, as the Cookie header value a signed-in browser would send. */
/** The couple's access level as stored (trial or full). */
export async function accessLevelOf(deps: AppDeps, coupleId: number): Promise<AccessLevel> {
  const row = await deps.db
    .selectFrom('couples')
    .select('access_level')
    .where('id', '=', coupleId)
    .executeTakeFirstOrThrow();
  return row.access_level;
}

export async function sessionCookie(deps: AppDeps, accountId: number): Promise<string> {
  const { token } = await createSession(deps.db, accountId, deps.config.sessionTtlDays);
  return `${SESSION_COOKIE}=${token}`;
}

export async function adminCookie(deps: AppDeps): Promise<string> {
  const admin = await deps.db.selectFrom('accounts').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
  return sessionCookie(deps, admin.id);
}

/** The TRPCError a call was refused with; fails the test when it succeeds or throws anything else. */
export async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** A tRPC caller acting as whoever the cookie names (or anonymous), through the real context. */
export async function callerFor(testApp: TestApp, cookie?: string) {
  const { createContext } = await import('../trpc/init');
  const req = { cookies: cookie ? Object.fromEntries([cookie.split('=') as [string, string]]) : {}, headers: {} };
  const ctx = await createContext(testApp.deps, { req, res: {}, info: {} } as never);
  return createCallerFactory(appRouter)(ctx);
}
