import { progressUpdateInputSchema, streakInputSchema, weekInputSchema } from '../../../shared/progress-schemas';
import { coupleProcedure, router } from '../../trpc/init';
import { completeWeek, getAccess, getProgression, getStreak, listProgress, updateWeekProgress } from './service';

export const progressRouter = router({
  progression: coupleProcedure.query(({ ctx }) => getProgression(ctx.deps, ctx.auth)),
  access: coupleProcedure.query(({ ctx }) => getAccess(ctx.deps, ctx.auth)),
  list: coupleProcedure.query(({ ctx }) => listProgress(ctx.deps, ctx.auth)),
  streak: coupleProcedure
    .input(streakInputSchema)
    .query(({ ctx, input }) => getStreak(ctx.deps, ctx.auth, input?.timeZone)),
  complete: coupleProcedure
    .input(weekInputSchema)
    .mutation(({ ctx, input }) => completeWeek(ctx.deps, ctx.auth, input.weekNumber)),
  update: coupleProcedure
    .input(progressUpdateInputSchema)
    .mutation(({ ctx, input: { weekNumber, ...update } }) =>
      updateWeekProgress(ctx.deps, ctx.auth, weekNumber, update),
    ),
});
