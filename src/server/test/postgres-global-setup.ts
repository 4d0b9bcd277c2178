import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgresServer, type PostgresServer } from '../../../scripts/lib/postgres-server';
import { openPostgres } from '../db/postgres';
import { migrateToLatest } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the `server-pg` project: its superuser's URL (src/server/test/postgres.ts). */
    postgresUrl: string;
    /** The same server through its Unix socket; empty when TEST_POSTGRES_URL names the server. */
    postgresSocketUrl: string;
  }
}

/** The template every test database is copied from: migrated once, so each copy starts migrated. */
export const TEMPLATE_DATABASE = 'vows_template';

/**
 * The `server-pg` project's setup (vitest.config.ts): a throw-away PostgreSQL server for the whole
 * run, or the one TEST_POSTGRES_URL names (a superuser's URL), with a migrated template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: PostgresServer | undefined;
  let url = process.env.TEST_POSTGRES_URL;
  if (!url) {
    server = await startPostgresServer();
    url = server.url;
  }
  try {
    const admin = new pg.Client(url);
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openPostgres(withDatabase(url, TEMPLATE_DATABASE), { poolSize: 1 });
    try {
      await migrateToLatest(template.db);
    } finally {
      await template.db.destroy();
    }
  } catch (error) {
    await server?.stop();
    throw error;
  }
  project.provide('postgresUrl', url);
  project.provide('postgresSocketUrl', server?.socketUrl ?? '');
  return async () => {
    await server?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
