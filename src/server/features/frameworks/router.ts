import { frameworkWeekSchema } from '../../../shared/frameworks-schemas';
import { assertSignedIn } from '../../http/request-auth';
import { adminProcedure, coupleProcedure, publicProcedure, router } from '../../trpc/init';
import { deleteFramework, listFrameworks, listFrameworksWithAccess } from './service';

/** Any signed-in account (admin or couple). */
const signedInProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, auth: assertSignedIn(ctx.auth) } }),
);

/** The JSON calls of the frameworks feature; upload and download stay plain HTTP (CONTRACT section 6). */
export const frameworksRouter = router({
  list: signedInProcedure.query(({ ctx }) => listFrameworks(ctx.deps)),
  withAccess: coupleProcedure.query(({ ctx }) => listFrameworksWithAccess(ctx.deps, ctx.auth)),
  delete: adminProcedure
    .input(frameworkWeekSchema)
    .mutation(({ ctx, input }) => deleteFramework(ctx.deps, input.weekNumber)),
});
