import { listOrdersInputSchema, orderIdInputSchema, recordOrderSchema } from '../../../shared/admin-schemas';
import { orderLookupSchema } from '../../../shared/orders-schemas';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { refundOrderAsAdminThroughProvider } from '../payments/service';
import { listOrders, markOrderPaid, recordOrder, resendAccessAsAdmin } from './admin-service';
import { getOrderForPage, requestWorkbookDownload } from './service';

/** Anyone holding a payment-intent id may read its order, as on the /success page. */
export const ordersRouter = router({
  get: publicProcedure
    .input(orderLookupSchema)
    .query(({ ctx, input }) => getOrderForPage(ctx.deps, input.paymentIntentId)),
  downloadWorkbook: publicProcedure
    .input(orderLookupSchema)
    .query(({ ctx, input }) => requestWorkbookDownload(ctx.deps, input.paymentIntentId)),
});

/** The back office's orders (docs/product.md#back-office-orders-and-couples): admins only. */
export const adminOrdersRouter = router({
  list: adminProcedure.input(listOrdersInputSchema).query(({ ctx, input }) => listOrders(ctx.deps, input)),
  record: adminProcedure
    .input(recordOrderSchema)
    .mutation(({ ctx, input }) => recordOrder(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input)),
  markPaid: adminProcedure
    .input(orderIdInputSchema)
    .mutation(({ ctx, input }) => markOrderPaid(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.orderId)),
  refund: adminProcedure.input(orderIdInputSchema).mutation(({ ctx, input }) =>
    // Through Stripe first when Stripe took the payment (docs/product.md#card-payments).
    refundOrderAsAdminThroughProvider(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.orderId),
  ),
  resendAccess: adminProcedure
    .input(orderIdInputSchema)
    .mutation(({ ctx, input }) =>
      resendAccessAsAdmin(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.orderId),
    ),
});
