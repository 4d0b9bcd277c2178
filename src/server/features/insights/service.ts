import { AUDIT_LOG_PAGE_SIZE, INSIGHT_WINDOWS } from '../../../shared/insights-schemas';
import { TOTAL_WEEKS } from '../../../shared/constants';
import type { AppDeps } from '../../deps/app-deps';
import { listRecentAdminActions, type AdminActionRow } from '../audit/service';
import { listRecentSignInPauses, type SignInPause } from '../auth/sign-in-pauses';
import {
  anyCouple,
  countActiveCouples,
  countTrialConversions,
  countTrialsStarted,
  listWeekCompletions,
  sumPaidOrders,
} from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WeekInsight {
  weekNumber: number;
  /** Couples that completed this week. */
  completed: number;
  /** How many of them rated it, and the mean of those ratings to one decimal (null: none). */
  ratings: number;
  averageRating: number | null;
}

export interface Overview {
  /** Whether any couple exists yet (a new installation shows what to do first). */
  hasCouples: boolean;
  currency: string;
  recentDays: number;
  trialsStarted: number;
  orders: { completed: number; refunded: number };
  /** Cents: paid orders' total, the refunded part, and what is kept (paid minus refunded). */
  revenue: { grossCents: number; refundedCents: number; netCents: number };
  conversion: { days: number; trials: number; paid: number; rate: number | null };
  activeCouples: { days: number; count: number };
  /** Weeks 1-52 in order, every week present (0 when nobody completed it). */
  weeks: WeekInsight[];
  /**
   * Accounts whose sign-ins from new devices paused after failed attempts in the last 7 days,
   * newest first (decision 0201): the seller's security notice. Counts only, no address.
   */
  signInPauses: SignInPause[];
}

function daysBefore(now: number, days: number): string {
  return new Date(now - days * DAY_MS).toISOString();
}

/**
 * The admin overview (docs/product.md#admin-overview): aggregates only, never a couple's answers,
 * notes, summaries or names. `now` is a parameter for tests.
 */
export async function getOverview(deps: AppDeps, now = Date.now()): Promise<Overview> {
  const { db } = deps;
  const recentSince = daysBefore(now, INSIGHT_WINDOWS.recentDays);
  const [hasCouples, trialsStarted, orders, conversion, activeCount, completions, signInPauses] = await Promise.all([
    anyCouple(db),
    countTrialsStarted(db, recentSince),
    sumPaidOrders(db, recentSince),
    countTrialConversions(db, daysBefore(now, INSIGHT_WINDOWS.conversionDays)),
    countActiveCouples(db, daysBefore(now, INSIGHT_WINDOWS.activeDays)),
    listWeekCompletions(db),
    listRecentSignInPauses(db, now),
  ]);
  const byWeek = new Map(completions.map((week) => [week.weekNumber, week]));
  const weeks = Array.from({ length: TOTAL_WEEKS }, (_, index): WeekInsight => {
    const week = byWeek.get(index + 1);
    return {
      weekNumber: index + 1,
      completed: week?.completed ?? 0,
      ratings: week?.ratings ?? 0,
      averageRating: week?.averageRating == null ? null : Math.round(week.averageRating * 10) / 10,
    };
  });
  const grossCents = orders.completedCents + orders.refundedCents;
  return {
    hasCouples,
    currency: deps.config.payments.currency,
    recentDays: INSIGHT_WINDOWS.recentDays,
    trialsStarted,
    orders: { completed: orders.completed, refunded: orders.refunded },
    revenue: { grossCents, refundedCents: orders.refundedCents, netCents: orders.completedCents },
    conversion: {
      days: INSIGHT_WINDOWS.conversionDays,
      trials: conversion.trials,
      paid: conversion.paid,
      rate: conversion.trials === 0 ? null : Math.round((conversion.paid / conversion.trials) * 1000) / 1000,
    },
    activeCouples: { days: INSIGHT_WINDOWS.activeDays, count: activeCount },
    weeks,
    signInPauses,
  };
}

export interface AuditLogPage {
  page: number;
  pageSize: number;
  items: AdminActionRow[];
  hasMore: boolean;
}

/** One page of the audit log, newest first (docs/product.md#admin-audit-log). */
export async function getAuditLogPage(deps: AppDeps, page: number): Promise<AuditLogPage> {
  const rows = await listRecentAdminActions(deps.db, {
    limit: AUDIT_LOG_PAGE_SIZE + 1,
    offset: (page - 1) * AUDIT_LOG_PAGE_SIZE,
  });
  return {
    page,
    pageSize: AUDIT_LOG_PAGE_SIZE,
    items: rows.slice(0, AUDIT_LOG_PAGE_SIZE),
    hasMore: rows.length > AUDIT_LOG_PAGE_SIZE,
  };
}
