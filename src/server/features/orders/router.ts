import { orderLookupSchema } from '../../../shared/orders-schemas';
import { publicProcedure, router } from '../../trpc/init';
import { getOrder, requestWorkbookDownload } from './service';

/** Anyone holding a payment-intent id may read its order, as on the /success page. */
export const ordersRouter = router({
  get: publicProcedure.input(orderLookupSchema).query(({ ctx, input }) => getOrder(ctx.deps, input.paymentIntentId)),
  downloadWorkbook: publicProcedure
    .input(orderLookupSchema)
    .query(({ ctx, input }) => requestWorkbookDownload(ctx.deps, input.paymentIntentId)),
});
