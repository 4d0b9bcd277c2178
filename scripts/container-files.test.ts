import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig } from '../src/server/platform/config';
import { START_NODE_FLAGS } from './lib/server-process';

/**
 * The Dockerfile and compose.yaml (docs/deploying.md, decision 0226) read as text, since no
 * container runtime runs here: the image starts what `npm start` starts, as a user without
 * privileges, with a health check on /healthz; compose passes only variables config.ts knows, every
 * one without a default that a deployment needs, no secret of its own, and the same port throughout.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's stages: each FROM line and the instructions after it (continuations joined). */
function dockerfileStages(text: string): { from: string; name?: string; steps: Instruction[] }[] {
  const stages: { from: string; name?: string; steps: Instruction[] }[] = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
    const [, keyword = '', args = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, image = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from: image, name, steps: [] });
    } else {
      stages.at(-1)?.steps.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** compose's interpolation of `.env` values as this file uses it: ${NAME}, ${NAME:-default}, ${NAME:?message}, $$. */
function interpolate(value: string, dotEnv: Record<string, string>): string {
  return value.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_whole, name?: string, kind?: string, rest = '') => {
    if (!name) return '$';
    const set = dotEnv[name];
    if (set) return set;
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

const dockerfile = dockerfileStages(read('Dockerfile'));
const final = dockerfile.at(-1)!;
const compose = parse(read('compose.yaml')) as {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      ports?: string[];
      environment?: Record<string, string | number>;
      depends_on?: Record<string, { condition: string }>;
      healthcheck?: { test: string[] };
      stop_grace_period?: string;
      volumes?: string[];
    }
  >;
};
const app = compose.services.app!;
const appEnvironment = Object.entries(app.environment ?? {}).map(([name, value]) => [name, String(value)] as const);
const packageJson = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

const sampleDotEnv = {
  PUBLIC_URL: 'https://vows.example.com',
  ACCESS_CODE_KEY: Buffer.alloc(32, 1).toString('base64'),
  POSTGRES_PASSWORD: 'pgsecret1',
  S3_ACCESS_KEY_ID: 'vows-store',
  S3_SECRET_ACCESS_KEY: 's3secret12',
};
const resolvedEnvironment = (dotEnv: Record<string, string>) =>
  Object.fromEntries(appEnvironment.map(([name, value]) => [name, interpolate(value, dotEnv)]));

describe('the Dockerfile', () => {
  const steps = (keyword: string, stage = final) => stage.steps.filter((step) => step.keyword === keyword);

  it('builds with the whole toolchain in one stage and runs an official Node image the app supports', () => {
    const build = dockerfile.find((stage) => stage.steps.some((step) => step.args === 'npm run build'));
    expect(build?.steps.some((step) => /^npm ci\b(?!.*--omit=dev)/.test(step.args))).toBe(true);
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    expect(final.from).toMatch(/^node:24-[a-z]+-slim$/);
    expect(packageJson.scripts.build).toBeDefined();
  });

  it('takes its production dependencies from a stage that left the devDependencies out', () => {
    const copy = steps('COPY').find((step) => step.args.endsWith(' ./node_modules'));
    const stage = dockerfile.find((s) => s.name === /--from=(\S+)/.exec(copy?.args ?? '')?.[1]);
    expect(stage?.steps.map((step) => step.args)).toContain('npm ci --omit=dev --no-audit --no-fund');
    // The commands run in the container (npm run backup, order:create, ...) need tsx at run time.
    for (const script of [
      'backup',
      'restore',
      'order:create',
      'admin:reset-password',
      'admin:disable-2fa',
      'db:migrate',
    ]) {
      expect(packageJson.scripts[script]).toMatch(/^tsx /);
    }
    expect(packageJson.dependencies.tsx).toBeDefined();
  });

  it('starts what npm start starts once built, as a user other than root, on SIGTERM as main.ts expects', () => {
    const start = packageJson.scripts.start!.split(' && ');
    expect(start[0]).toBe('node scripts/ensure-build.ts');
    // The Node options the measuring scripts start the compiled server with (decision 0300).
    expect(start.at(-1)).toBe(['node', ...START_NODE_FLAGS, 'dist/server/main.js'].join(' '));
    expect(JSON.parse(steps('CMD').at(-1)!.args)).toEqual(start.at(-1)!.split(' '));
    const user = steps('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    // USER comes after the last RUN, so nothing after it runs as root.
    const lastUser = final.steps.findLastIndex((step) => step.keyword === 'USER');
    expect(final.steps.findLastIndex((step) => step.keyword === 'RUN')).toBeLessThan(lastUser);
    expect(steps('STOPSIGNAL').at(-1)?.args).toBe('SIGTERM');
    expect(read('src/server/main.ts')).toContain("process.on('SIGTERM'");
  });

  it('checks its health on /healthz with node, on the port it exposes and listens on', () => {
    const check = steps('HEALTHCHECK').at(-1)?.args ?? '';
    expect(check).toMatch(/CMD \["node", "-e", ".*fetch\(.*\/healthz/);
    expect(check).not.toMatch(/curl|wget/);
    const env = steps('ENV')
      .map((step) => step.args)
      .join(' ');
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(check).toContain('process.env.PORT');
    expect(steps('EXPOSE').map((step) => step.args)).toEqual([port]);
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    // DATA_DIR is a volume the unprivileged user owns.
    const dataDir = /\bDATA_DIR=(\S+)/.exec(env)?.[1];
    expect(JSON.parse(steps('VOLUME').at(-1)!.args)).toContain(dataDir);
    expect(steps('RUN').some((step) => step.args.includes(`chown node:node ${dataDir}`))).toBe(true);
  });

  it('copies only files that exist and that .dockerignore lets through, and stages that exist', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
    for (const stage of dockerfile) {
      for (const { args } of steps('COPY', stage)) {
        const words = args.split(/\s+/);
        const from = words.find((word) => word.startsWith('--from='));
        const sources = words.filter((word) => !word.startsWith('--')).slice(0, -1);
        if (from) {
          expect(dockerfile.map((s) => s.name)).toContain(from.slice('--from='.length));
          continue;
        }
        for (const source of sources.filter((s) => s !== '.')) {
          expect(fs.existsSync(path.join(root, source)), source).toBe(true);
          expect(ignored, source).not.toContain(source.split('/')[0]);
        }
      }
    }
    expect(ignored).toEqual(expect.arrayContaining(['.env', 'node_modules', 'dist', 'data', '.git']));
  });
});

describe('compose.yaml', () => {
  it('passes the app only variables config.ts knows', () => {
    const known = Object.keys(envSchema.shape);
    expect(appEnvironment.map(([name]) => name).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('passes every variable config.ts has no default for, but the three a deployment leaves alone', () => {
    // DEMO_MODE follows NODE_ENV (off in production); STRIPE_API_BASE and PUSH_SERVICE_ORIGINS
    // point tests at their doubles.
    const leftAlone = ['DEMO_MODE', 'STRIPE_API_BASE', 'PUSH_SERVICE_ORIGINS'];
    const withoutDefault = Object.entries(envSchema.shape)
      .filter(([, schema]) => schema.safeParse(undefined).data === undefined)
      .map(([name]) => name);
    expect(withoutDefault).toEqual(expect.arrayContaining(['ACCESS_CODE_KEY', 'DATABASE_URL', 'STORAGE_URL']));
    const passed = appEnvironment.map(([name]) => name);
    expect(withoutDefault.filter((name) => !leftAlone.includes(name) && !passed.includes(name))).toEqual([]);
  });

  it('holds no secret: each comes from .env, and a missing required one stops it with a message', () => {
    const secrets = [
      'ACCESS_CODE_KEY',
      'ADMIN_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'VAPID_PRIVATE_KEY',
    ];
    for (const [name, value] of appEnvironment.filter(([n]) => secrets.includes(n))) {
      // ${NAME}, ${NAME:-} (empty: unset) or ${NAME:?message}: never a value of its own.
      expect(value, name).toMatch(new RegExp(`^\\$\\{${name}(:-|:\\?[^}]*)?\\}$`));
    }
    for (const name of [
      'ACCESS_CODE_KEY',
      'PUBLIC_URL',
      'POSTGRES_PASSWORD',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(() => resolvedEnvironment({ ...sampleDotEnv, [name]: '' }), name).toThrow(
        new RegExp(`^${name}: set ${name} in \\.env`),
      );
    }
    expect(read('compose.yaml')).not.toContain(sampleDotEnv.ACCESS_CODE_KEY);
  });

  it('gives the app a configuration config.ts accepts: production, PostgreSQL and the bucket of this file', () => {
    const config = loadConfig(resolvedEnvironment(sampleDotEnv));
    expect(config.env).toBe('production');
    expect(config.demoMode).toBe(false);
    expect(config.accessCodeKey).toEqual(Buffer.alloc(32, 1));
    expect(config.s3?.bucket).toBe('vows');
    // The database and the store are services of this file.
    for (const url of [config.databaseUrl!, config.s3!.endpoint!]) {
      expect(compose.services[new URL(url).hostname]?.healthcheck).toBeDefined();
    }
    expect(config.dataDir).toBe(path.resolve(app.volumes!.find((v) => v.startsWith('app-data:'))!.split(':')[1]!));
    // The container's port: where the app listens, what the image exposes, what compose publishes.
    expect(app.ports?.map((port) => port.split(':').at(-1))).toEqual([String(config.port)]);
    const expose = dockerfile.at(-1)!.steps.find((step) => step.keyword === 'EXPOSE')?.args;
    expect(expose).toBe(String(config.port));
  });

  it('starts the app once PostgreSQL and the store are healthy and the bucket exists, and waits out its shutdown', () => {
    expect(app.build).toBe('.');
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      minio: { condition: 'service_healthy' },
      'create-bucket': { condition: 'service_completed_successfully' },
    });
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(compose.services.postgres?.healthcheck?.test).toContain('pg_isready');
    expect(compose.services.postgres?.volumes).toEqual([expect.stringMatching(/^postgres:\/var\/lib\/postgresql/)]);
    expect(compose.services.minio?.healthcheck?.test).toBeDefined();
    const deadline = Number(/SHUTDOWN_DEADLINE_MS = ([\d_]+)/.exec(read('src/server/main.ts'))![1]!.replace(/_/g, ''));
    expect(Number.parseInt(app.stop_grace_period!, 10) * 1000).toBeGreaterThan(deadline);
  });
});
