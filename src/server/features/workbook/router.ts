import { coupleProcedure, router } from '../../trpc/init';
import { workbookPartnerInput, workbookSaveInput, workbookWeekInput } from '../../../shared/workbook-schemas';
import { generateSummary, getResponse, getSummary, getWeekContent, saveResponse } from './service';

export const workbookRouter = router({
  content: coupleProcedure
    .input(workbookWeekInput)
    .query(({ ctx, input }) => getWeekContent(ctx.deps, ctx.auth, input.weekNumber)),
  get: coupleProcedure
    .input(workbookPartnerInput)
    .query(({ ctx, input }) => getResponse(ctx.deps, ctx.auth, input.weekNumber, input.partner)),
  save: coupleProcedure
    .input(workbookSaveInput)
    .mutation(({ ctx, input: { weekNumber, partner, ...response } }) =>
      saveResponse(ctx.deps, ctx.auth, weekNumber, partner, response),
    ),
  summary: coupleProcedure
    .input(workbookWeekInput)
    .query(({ ctx, input }) => getSummary(ctx.deps, ctx.auth, input.weekNumber)),
  generateSummary: coupleProcedure
    .input(workbookWeekInput)
    .mutation(({ ctx, input }) => generateSummary(ctx.deps, ctx.auth, input.weekNumber)),
});
