import { auditLogPageSchema } from '../../../shared/insights-schemas';
import { adminProcedure, router } from '../../trpc/init';
import { getAuditLogPage, getOverview } from './service';

/** The admin overview (docs/product.md#admin-overview): aggregates and the audit log. */
export const insightsRouter = router({
  overview: adminProcedure.query(({ ctx }) => getOverview(ctx.deps)),
  auditLog: adminProcedure.input(auditLogPageSchema).query(({ ctx, input }) => getAuditLogPage(ctx.deps, input.page)),
});
