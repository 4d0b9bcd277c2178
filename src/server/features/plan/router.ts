import {
  coreWeeksInputSchema,
  pauseInputSchema,
  planChoiceSchema,
  timeZoneInputSchema,
} from '../../../shared/plan-schemas';
import { adminProcedure, coupleProcedure, router } from '../../trpc/init';
import {
  acceptPlan,
  createCalendarFeed,
  getPlanOverview,
  listCoreWeeks,
  listPausedCouples,
  pausePlan,
  resumePlan,
  revokeCalendarFeed,
  setCoreWeek,
  setTimeZone,
} from './service';

/** The plan paced to the wedding (docs/product.md#paced-plan). */
export const planRouter = router({
  overview: coupleProcedure.query(({ ctx }) => getPlanOverview(ctx.deps, ctx.auth)),
  /** The plan these choices would give, from today (nothing is stored). */
  preview: coupleProcedure
    .input(planChoiceSchema)
    .query(({ ctx, input }) => getPlanOverview(ctx.deps, ctx.auth, new Date(), input)),
  accept: coupleProcedure.input(planChoiceSchema).mutation(({ ctx, input }) => acceptPlan(ctx.deps, ctx.auth, input)),
  pause: coupleProcedure
    .input(pauseInputSchema)
    .mutation(({ ctx, input }) => pausePlan(ctx.deps, ctx.auth, input.until)),
  resume: coupleProcedure.mutation(({ ctx }) => resumePlan(ctx.deps, ctx.auth)),
  setTimeZone: coupleProcedure
    .input(timeZoneInputSchema)
    .mutation(({ ctx, input }) => setTimeZone(ctx.deps, ctx.auth, input.timeZone)),
  createCalendarFeed: coupleProcedure.mutation(({ ctx }) => createCalendarFeed(ctx.deps, ctx.auth)),
  revokeCalendarFeed: coupleProcedure.mutation(({ ctx }) => revokeCalendarFeed(ctx.deps, ctx.auth)),
});

/** The seller's side: core weeks in the content editor, paused couples in the back office. */
export const adminPlanRouter = router({
  coreWeeks: adminProcedure.query(({ ctx }) => listCoreWeeks(ctx.deps)),
  setCoreWeek: adminProcedure
    .input(coreWeeksInputSchema)
    .mutation(({ ctx, input }) => setCoreWeek(ctx.deps, input.weekNumber, input.core)),
  pausedCouples: adminProcedure.query(({ ctx }) => listPausedCouples(ctx.deps)),
});
