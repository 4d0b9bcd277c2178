import { publicProcedure, router } from '../../trpc/init';
import { getPublicConfig } from './service';

export const publicConfigRouter = router({
  get: publicProcedure.query(({ ctx }) => getPublicConfig(ctx.deps.config)),
});
