import { adminProcedure, coupleProcedure, router } from '../../trpc/init';
import {
  courseWeekInput,
  courseWeekRestoreInput,
  courseWeekSaveInput,
  workbookPartnerInput,
  workbookSaveAnswersInput,
  workbookSaveInput,
  workbookWeekInput,
} from '../../../shared/workbook-schemas';
import type { AdminAuth } from '../auth/access';
import {
  type ContentEditor,
  getCourseWeek,
  listCourseWeeks,
  listCourseWeekVersions,
  restoreCourseWeekVersion,
  revertCourseWeek,
  saveCourseWeek,
} from './course-content';
import {
  generateSummary,
  getAnswers,
  getResponse,
  getSummary,
  getWeekContent,
  saveAnswers,
  saveResponse,
} from './service';

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
  answers: coupleProcedure
    .input(workbookPartnerInput)
    .query(({ ctx, input }) => getAnswers(ctx.deps, ctx.auth, input.weekNumber, input.partner)),
  saveAnswers: coupleProcedure
    .input(workbookSaveAnswersInput)
    .mutation(({ ctx, input: { weekNumber, partner, baseRevision, ...answers } }) =>
      saveAnswers(ctx.deps, ctx.auth, weekNumber, partner, answers, baseRevision),
    ),
  summary: coupleProcedure
    .input(workbookWeekInput)
    .query(({ ctx, input }) => getSummary(ctx.deps, ctx.auth, input.weekNumber)),
  generateSummary: coupleProcedure
    .input(workbookWeekInput)
    .mutation(({ ctx, input }) => generateSummary(ctx.deps, ctx.auth, input.weekNumber)),
});

/** The administrator and the request's address, for the audit line each change writes. */
function editorOf(ctx: { auth: AdminAuth; req: { ip?: string } }): ContentEditor {
  return { admin: ctx.auth, address: ctx.req.ip ?? null };
}

/** The seller's course editor (decision 0125): admins only. */
export const courseContentRouter = router({
  list: adminProcedure.query(({ ctx }) => listCourseWeeks(ctx.deps)),
  get: adminProcedure
    .input(courseWeekInput)
    .query(({ ctx, input }) => getCourseWeek(ctx.deps, input.weekNumber, input.locale)),
  save: adminProcedure
    .input(courseWeekSaveInput)
    .mutation(({ ctx, input }) => saveCourseWeek(ctx.deps, editorOf(ctx), input.content, input.locale)),
  revert: adminProcedure
    .input(courseWeekInput)
    .mutation(({ ctx, input }) => revertCourseWeek(ctx.deps, editorOf(ctx), input.weekNumber, input.locale)),
  history: adminProcedure
    .input(courseWeekInput)
    .query(({ ctx, input }) => listCourseWeekVersions(ctx.deps, input.weekNumber, input.locale)),
  restore: adminProcedure
    .input(courseWeekRestoreInput)
    .mutation(({ ctx, input }) =>
      restoreCourseWeekVersion(ctx.deps, editorOf(ctx), input.weekNumber, input.versionId, input.locale),
    ),
});
