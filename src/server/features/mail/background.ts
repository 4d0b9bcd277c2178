import type { AppDeps } from '../../deps/app-deps';
import { ReminderScheduler, type ReminderSchedulerOptions } from './reminders';
import type { WorkerLog } from './pass-timer';
import { MailWorker, type MailWorkerOptions } from './worker';

export interface BackgroundMail {
  worker: MailWorker;
  reminders: ReminderScheduler;
  /** Stops both; answers once the send in flight has finished (or its deadline passed). */
  stop(): Promise<void>;
}

/**
 * The server's mail work (main.ts starts it once listening, and stops it before the database
 * closes): the worker that sends the outbox and the weekly reminders' schedule.
 */
export function startBackgroundMail(
  deps: AppDeps,
  log: WorkerLog,
  options: { worker?: MailWorkerOptions; reminders?: ReminderSchedulerOptions } = {},
): BackgroundMail {
  const worker = new MailWorker(deps, { log, ...options.worker });
  const reminders = new ReminderScheduler(deps, { log, ...options.reminders });
  if (deps.config.mail.smtpUrl) log.info({ server: worker.transportDescription }, 'email goes through SMTP_URL');
  else
    log.info(
      { folder: worker.transportDescription },
      'no SMTP_URL: emails are written as .eml files to the outbox folder',
    );
  worker.start();
  reminders.start();
  return {
    worker,
    reminders,
    async stop() {
      await reminders.stop();
      await worker.stop();
    },
  };
}
