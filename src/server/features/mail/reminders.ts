import { TOTAL_WEEKS } from '../../../shared/constants';
import { LOCALES, type Locale } from '../../../shared/i18n/locales';
import type { AppDeps } from '../../deps/app-deps';
import { recipientLocale } from '../i18n/locale';
import { planStanding, type Plan } from '../../../shared/plan';
import { dayIn, DEFAULT_TIME_ZONE, resumeIfDue } from '../plan/service';
import { completedWeeks } from '../progress/unlock';
import { getWeekContent } from '../workbook/service';
import { type Clock, systemClock } from './clock';
import { listReminderCandidates, type ReminderCandidate } from './repo';
import { sweepKeepsakesOfDeletedCouples } from '../our-data/keepsake-files';
import { pruneOutbox, queueWeeklyReminder } from './service';
import { silentLog, type WorkerLog } from './pass-timer';

const DAY_MS = 24 * 60 * 60_000;
/** A week waits this long without progress before its reminder (docs/product.md#email). */
export const REMINDER_AFTER_MS = 7 * DAY_MS;

export interface ReminderSchedulerOptions {
  clock?: Clock;
  log?: WorkerLog;
  /** How often couples are checked. */
  intervalMs?: number;
  /** The first check after start (the server has just started: let it settle). */
  firstRunMs?: number;
  /** Couples read per query. */
  pageSize?: number;
}

/**
 * The week a reminder is due for, or null: the couple's next week (weeks open in order, so it is
 * the one after the completed ones) once it has waited REMINDER_AFTER_MS since the couple's last
 * step (the account or the order that opened it, the last completed week, the last note, rating or
 * answer), never a week already reminded of, and never after week 52.
 */
export function dueReminderWeek(candidate: ReminderCandidate, now: number): number | null {
  const week = Number(candidate.completedWeeks) + 1;
  if (week > TOTAL_WEEKS) return null;
  if (candidate.lastRemindedWeek !== null && Number(candidate.lastRemindedWeek) >= week) return null;
  const lastStep = Math.max(
    ...[
      candidate.createdAt,
      candidate.lastCompletedAt,
      candidate.lastProgressAt,
      candidate.lastAnswerAt,
      candidate.lastOrderAt,
    ]
      .filter((time): time is string => time !== null)
      .map((time) => Date.parse(time)),
  );
  return now - lastStep >= REMINDER_AFTER_MS ? week : null;
}

/**
 * The week a reminder is due for under an accepted plan (decision 0253), or null: the plan's next
 * week not completed, once its planned day (in the couple's zone) has come.
 */
export function duePlannedWeek(plan: Plan, completed: readonly number[], today: string): number | null {
  const standing = planStanding(plan, completed, today);
  if (standing.nextWeek === null || standing.nextDate === null) return null;
  return standing.nextDate <= today ? standing.nextWeek : null;
}

/** Never more than one reminder a day: true when the last one was less than a day ago. */
export function remindedWithinADay(candidate: Pick<ReminderCandidate, 'lastRemindedAt'>, now: number): boolean {
  return candidate.lastRemindedAt !== null && now - Date.parse(candidate.lastRemindedAt) < DAY_MS;
}

/**
 * The weekly reminders, scheduled in-process (decision 0138): every `intervalMs` the couples with
 * reminders on are read a page at a time and each due reminder is queued with its record
 * (couple, week) in one transaction. That key makes a run idempotent: after a restart, or with
 * several processes checking at once, a week's reminder is queued once. The same hourly pass
 * removes the outbox's old sent and failed messages and their .eml files (pruneOutbox), and the
 * cached keepsakes of couples deleted through another process (sweepKeepsakesOfDeletedCouples).
 */
export class ReminderScheduler {
  readonly #deps: AppDeps;
  readonly #clock: Clock;
  readonly #log: WorkerLog;
  readonly #intervalMs: number;
  readonly #firstRunMs: number;
  readonly #pageSize: number;
  #timer: unknown = null;
  #running: Promise<number> | null = null;
  #stopped = true;

  constructor(deps: AppDeps, options: ReminderSchedulerOptions = {}) {
    this.#deps = deps;
    this.#clock = options.clock ?? systemClock;
    this.#log = options.log ?? silentLog;
    this.#intervalMs = options.intervalMs ?? 60 * 60_000;
    this.#firstRunMs = options.firstRunMs ?? 60_000;
    this.#pageSize = options.pageSize ?? 500;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(this.#firstRunMs);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.runOnce()
        .catch((error: unknown) => this.#log.error({ err: error }, 'weekly reminders check failed'))
        .finally(() => this.#schedule(this.#intervalMs));
    }, delayMs);
  }

  /** Queues every reminder due now; answers how many. */
  runOnce(): Promise<number> {
    this.#running ??= this.#run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /**
   * The week to remind this couple of now, or null: nothing while their plan is paused (a pause
   * whose end date has come is ended here, and the recomputed plan reminds from the next check),
   * at most one a day, the plan's next week on its planned day, else the 7-day rule.
   */
  async #dueWeek(candidate: ReminderCandidate, now: number): Promise<number | null> {
    if (candidate.pausedAt !== null) {
      await resumeIfDue(this.#deps, candidate.coupleId, new Date(now));
      return null;
    }
    if (remindedWithinADay(candidate, now)) return null;
    if (candidate.plan === null) return dueReminderWeek(candidate, now);
    const done = [...(await completedWeeks(this.#deps, candidate.coupleId))];
    const today = dayIn(candidate.timeZone ?? DEFAULT_TIME_ZONE, new Date(now));
    return duePlannedWeek(JSON.parse(candidate.plan) as Plan, done, today);
  }

  async #run(): Promise<number> {
    const deps = this.#deps;
    let queued = 0;
    let afterCoupleId = 0;
    for (;;) {
      const page = await listReminderCandidates(deps.db, {
        afterCoupleId,
        limit: this.#pageSize,
        excludedEmail: deps.config.demoEmail,
      });
      const now = this.#clock.now();
      for (const candidate of page) {
        const week = await this.#dueWeek(candidate, now);
        if (week === null) continue;
        // The week's title in the recipient's language (decision 0232).
        const locale = await recipientLocale(deps.db, { email: candidate.email, coupleId: candidate.coupleId });
        // Each language's title too, for the pushes to the sign-ins' devices (decision 0271).
        const weekTitles: Partial<Record<Locale, string>> = {};
        const titleLanguages: Partial<Record<Locale, Locale>> = {};
        for (const each of LOCALES) {
          const content = await getWeekContent(
            deps,
            { coupleId: candidate.coupleId, accessLevel: 'full', locale: each },
            week,
          );
          weekTitles[each] = content.title;
          titleLanguages[each] = content.locale ?? 'en';
        }
        const sent = await queueWeeklyReminder(deps, {
          coupleId: candidate.coupleId,
          email: candidate.email,
          names: candidate,
          weekNumber: week,
          weekTitle: weekTitles[locale]!,
          // The English title of a week whose translation is missing is marked in the email (WCAG 3.1.2).
          ...(titleLanguages[locale] !== locale && { weekTitleLanguage: titleLanguages[locale] }),
          weekTitles,
        });
        if (sent) queued += 1;
      }
      if (page.length < this.#pageSize || this.#stopped) break;
      afterCoupleId = page.at(-1)!.coupleId;
    }
    if (queued > 0) this.#log.info({ queued }, 'weekly reminders queued');
    const pruned = await pruneOutbox(deps, this.#clock.now());
    if (pruned.messages > 0 || pruned.files > 0) {
      this.#log.info({ pruned: pruned.messages, files: pruned.files }, 'old messages removed from the outbox');
    }
    // Deleted couples' keepsakes left in this process's folder by a deletion another process ran.
    const keepsakes = await sweepKeepsakesOfDeletedCouples(deps);
    if (keepsakes > 0) this.#log.info({ files: keepsakes }, "deleted couples' cached keepsakes removed");
    return queued;
  }
}
