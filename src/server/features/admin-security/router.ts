import { totpConfirmSchema } from '../../../shared/admin-security-schemas';
import { adminProcedure, router } from '../../trpc/init';
import {
  confirmSecondFactorSetup,
  disableSecondFactor,
  getSecondFactorStatus,
  startSecondFactorSetup,
} from './service';

/** Settings → Two-factor sign-in (docs/product.md#admin-second-factor). */
export const adminSecurityRouter = router({
  status: adminProcedure.query(({ ctx }) => getSecondFactorStatus(ctx.deps, ctx.auth)),
  startSetup: adminProcedure.mutation(({ ctx }) => startSecondFactorSetup(ctx.deps, ctx.auth)),
  confirmSetup: adminProcedure
    .input(totpConfirmSchema)
    .mutation(({ ctx, input }) => confirmSecondFactorSetup(ctx.deps, ctx.auth, input.code, ctx.req.ip ?? null)),
  disable: adminProcedure
    .input(totpConfirmSchema)
    .mutation(({ ctx, input }) => disableSecondFactor(ctx.deps, ctx.auth, input.code, ctx.req.ip ?? null)),
});
