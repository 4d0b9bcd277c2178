import {
  inventoryPartnerInput,
  inventoryReportInput,
  inventorySaveInput,
  inventoryStatementsInput,
  inventoryTopicInput,
  inventoryTopicSaveInput,
} from '../../../shared/inventory-schemas';
import { adminProcedure, coupleProcedure, router } from '../../trpc/init';
import type { AdminAuth } from '../auth/access';
import {
  getInventoryTopicForEditing,
  type InventoryEditor,
  listInventoryTopicsForEditing,
  revertInventoryTopic,
  saveInventoryTopic,
} from './content';
import {
  finish,
  getAggregate,
  getAnswers,
  getReport,
  getStatus,
  listStatements,
  saveAnswers,
  startRetake,
} from './service';

/** "What we each expect" for the couple (issue 41). */
export const inventoryRouter = router({
  statements: coupleProcedure
    .input(inventoryStatementsInput)
    .query(({ ctx, input }) => listStatements(ctx.deps, input.locale)),
  status: coupleProcedure.query(({ ctx }) => getStatus(ctx.deps, ctx.auth)),
  answers: coupleProcedure
    .input(inventoryPartnerInput)
    .query(({ ctx, input }) => getAnswers(ctx.deps, ctx.auth, input.partner)),
  saveAnswers: coupleProcedure
    .input(inventorySaveInput)
    .mutation(({ ctx, input }) => saveAnswers(ctx.deps, ctx.auth, input.partner, input.answers)),
  finish: coupleProcedure
    .input(inventoryPartnerInput)
    .mutation(({ ctx, input }) => finish(ctx.deps, ctx.auth, input.partner)),
  report: coupleProcedure
    .input(inventoryReportInput)
    .query(({ ctx, input }) => getReport(ctx.deps, ctx.auth, input.locale, input.round)),
  startRetake: coupleProcedure.mutation(({ ctx }) => startRetake(ctx.deps, ctx.auth)),
});

function editorOf(ctx: { auth: AdminAuth; req: { ip?: string } }): InventoryEditor {
  return { admin: ctx.auth, address: ctx.req.ip ?? null };
}

/** The seller's side: the statements to edit and anonymous figures, never a couple's answers. */
export const adminInventoryRouter = router({
  topics: adminProcedure.query(({ ctx }) => listInventoryTopicsForEditing(ctx.deps)),
  topic: adminProcedure
    .input(inventoryTopicInput)
    .query(({ ctx, input }) => getInventoryTopicForEditing(ctx.deps, input.topicId)),
  saveTopic: adminProcedure
    .input(inventoryTopicSaveInput)
    .mutation(({ ctx, input }) => saveInventoryTopic(ctx.deps, editorOf(ctx), input.topic)),
  revertTopic: adminProcedure
    .input(inventoryTopicInput)
    .mutation(({ ctx, input }) => revertInventoryTopic(ctx.deps, editorOf(ctx), input.topicId)),
  aggregate: adminProcedure.query(({ ctx }) => getAggregate(ctx.deps)),
});
