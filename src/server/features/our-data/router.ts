import { deleteOurAccountInputSchema } from '../../../shared/our-data-schemas';
import { coupleProcedure, router } from '../../trpc/init';
import { setSignOutCookies } from '../auth/session-cookie';
import { deleteOurAccount } from './service';

/** The couple's own data (docs/product.md#our-data); the downloads are REST (http/our-data.ts). */
export const ourDataRouter = router({
  deleteAccount: coupleProcedure.input(deleteOurAccountInputSchema).mutation(async ({ ctx, input }) => {
    const result = await deleteOurAccount(ctx.deps, ctx.auth, input);
    setSignOutCookies(ctx.req, ctx.reply, ctx.deps.config);
    return result;
  }),
});
