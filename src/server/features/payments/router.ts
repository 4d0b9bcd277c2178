import { quoteInputSchema } from '../../../shared/coupons-schemas';
import { startGiftCheckoutSchema } from '../../../shared/gifts-schemas';
import { startCheckoutSchema } from '../../../shared/payments-schemas';
import { coupleProcedure, publicProcedure, router } from '../../trpc/init';
import { requestLocale } from '../i18n/locale';
import { quotePrice } from '../coupons/service';
import { buyerDetails, startCheckout, startGiftCheckout } from './service';

/** Card payments (docs/product.md#card-payments): anyone may start a checkout; a signed-in couple's is theirs. */
export const paymentsRouter = router({
  startCheckout: publicProcedure
    .input(startCheckoutSchema)
    .mutation(({ ctx, input }) =>
      startCheckout(
        ctx.deps,
        ctx.auth.kind === 'couple' ? { kind: 'couple', accountId: ctx.auth.accountId } : { kind: 'other' },
        input,
        requestLocale(ctx.req),
        ctx.req.ip ?? 'unknown',
      ),
    ),
  /** The price with a coupon code, before checkout (decision 0240): rate-limited per address. */
  quote: publicProcedure
    .input(quoteInputSchema)
    .query(({ ctx, input }) => quotePrice(ctx.deps, input, ctx.req.ip ?? 'unknown')),
  /** The course as a gift (decision 0242): the buyer pays; the couple redeems. */
  startGiftCheckout: publicProcedure
    .input(startGiftCheckoutSchema)
    .mutation(({ ctx, input }) => startGiftCheckout(ctx.deps, input, ctx.req.ip ?? 'unknown')),
  buyer: coupleProcedure.query(({ ctx }) => buyerDetails(ctx.deps, ctx.auth.accountId)),
});
