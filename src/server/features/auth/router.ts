import { publicProcedure, router } from '../../trpc/init';
import { describeAuth } from './service';

export const authRouter = router({
  check: publicProcedure.query(({ ctx }) => describeAuth(ctx.auth)),
});
