import { couponFormSchema, couponUpdateSchema } from '../../../shared/coupons-schemas';
import { adminProcedure, router } from '../../trpc/init';
import { createCoupon, listCoupons, updateCouponAsAdmin } from './service';

/** The back office's coupons (decision 0240): codes with their uses and revenue. */
export const adminCouponsRouter = router({
  list: adminProcedure.query(({ ctx }) => listCoupons(ctx.deps.db)),
  create: adminProcedure
    .input(couponFormSchema)
    .mutation(({ ctx, input }) => createCoupon(ctx.deps, ctx.auth, input, ctx.req.ip)),
  update: adminProcedure
    .input(couponUpdateSchema)
    .mutation(({ ctx, input }) => updateCouponAsAdmin(ctx.deps, ctx.auth, input.id, input.coupon, ctx.req.ip)),
});
