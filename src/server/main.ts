import { buildApp } from './app';
import {
  type Config,
  ConfigError,
  demoModeExposureWarning,
  insecureCookieWarning,
  loadConfig,
} from './platform/config';
import { DatabaseUnreachableError } from './db/client';
import { MigrationError } from './db/migrate';
import { ServerSecretError } from './features/auth/server-secret';
import { startBackgroundMail } from './features/mail/background';
import { startPushWorker } from './features/push/worker';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof MigrationError) {
      console.error(`Cannot start: ${error.message}. The database was left as it was.`);
      process.exit(1);
    }
    if (error instanceof ServerSecretError || error instanceof DatabaseUnreachableError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Connections whose last request finishes during shutdown would otherwise idle until their
    // keep-alive timeout: close each one as soon as it is idle.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
    const exposed = demoModeExposureWarning(config);
    if (exposed) app.log.warn({ demoMode: true, host: config.host }, exposed);
    const insecureCookies = insecureCookieWarning(config);
    if (insecureCookies) app.log.warn({ publicUrl: config.publicUrl, cookieSecure: false }, insecureCookies);
    // The mail worker and the weekly reminders, once listening; app.close() stops them before the
    // database closes (buildApp's onClose).
    if (!closing) app.backgroundWork.push(startBackgroundMail(app.deps, app.log.child({ feature: 'mail' })));
    // The push worker (decision 0272): the reminders' and share notices' pushes, queued with their emails.
    if (!closing) app.backgroundWork.push(startPushWorker(app.deps, app.log.child({ feature: 'push' })));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use. Stop the other process or set PORT to a free port.`);
    } else if (code === 'EACCES') {
      console.error(`Not allowed to listen on port ${config.port}. Choose a port above 1024 with PORT.`);
    } else {
      console.error(`Cannot start the server: ${(error as Error).message}`);
    }
    await app.close();
    process.exit(1);
  }
}

void main();
