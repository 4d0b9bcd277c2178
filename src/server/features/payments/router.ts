import { startCheckoutSchema } from '../../../shared/payments-schemas';
import { coupleProcedure, publicProcedure, router } from '../../trpc/init';
import { requestLocale } from '../i18n/locale';
import { buyerDetails, startCheckout } from './service';

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
      ),
    ),
  buyer: coupleProcedure.query(({ ctx }) => buyerDetails(ctx.deps, ctx.auth.accountId)),
});
