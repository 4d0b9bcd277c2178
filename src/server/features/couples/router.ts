import { coupleIdInputSchema, deleteCoupleInputSchema, listCouplesInputSchema } from '../../../shared/admin-schemas';
import { adminProcedure, router } from '../../trpc/init';
import {
  deleteCoupleAsAdmin,
  endCoupleSessions,
  getCoupleDetail,
  grantCoupleFullAccess,
  issueCoupleCode,
  listCouples,
} from './service';

/** The back office's couples (docs/product.md#back-office-orders-and-couples): admins only. */
export const adminCouplesRouter = router({
  list: adminProcedure.input(listCouplesInputSchema).query(({ ctx, input }) => listCouples(ctx.deps, input)),
  get: adminProcedure.input(coupleIdInputSchema).query(({ ctx, input }) => getCoupleDetail(ctx.deps, input.coupleId)),
  grantFullAccess: adminProcedure
    .input(coupleIdInputSchema)
    .mutation(({ ctx, input }) =>
      grantCoupleFullAccess(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.coupleId),
    ),
  issueCode: adminProcedure
    .input(coupleIdInputSchema)
    .mutation(({ ctx, input }) => issueCoupleCode(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.coupleId)),
  endSessions: adminProcedure
    .input(coupleIdInputSchema)
    .mutation(({ ctx, input }) =>
      endCoupleSessions(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.coupleId),
    ),
  delete: adminProcedure
    .input(deleteCoupleInputSchema)
    .mutation(({ ctx, input }) => deleteCoupleAsAdmin(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input)),
});
