import { frameworkWeekSchema } from '../../../shared/frameworks-schemas';
import { adminProcedure, coupleProcedure, router, signedInProcedure } from '../../trpc/init';
import { deleteFramework, listFrameworks, listFrameworksWithAccess } from './service';

/**
 * The JSON calls of the frameworks feature; upload and download stay plain HTTP
 * (docs/product.md#trpc).
 */
export const frameworksRouter = router({
  list: signedInProcedure.query(({ ctx }) => listFrameworks(ctx.deps)),
  withAccess: coupleProcedure.query(({ ctx }) => listFrameworksWithAccess(ctx.deps, ctx.auth)),
  delete: adminProcedure
    .input(frameworkWeekSchema)
    .mutation(({ ctx, input }) => deleteFramework(ctx.deps, input.weekNumber)),
});
