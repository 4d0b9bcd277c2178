import { getOrder, openWorkbookPdf, requestWorkbookDownload } from '../features/orders/service';
import type { RestRoutes } from './rest-plugin';

interface OrderParams {
  paymentIntentId: string;
}

export const orderRoutes: RestRoutes = (app, deps) => {
  app.get<{ Params: OrderParams }>('/api/order/:paymentIntentId', async (req) =>
    getOrder(deps, req.params.paymentIntentId),
  );

  app.get<{ Params: OrderParams }>('/api/download-workbook/:paymentIntentId', async (req) =>
    requestWorkbookDownload(deps, req.params.paymentIntentId),
  );

  /** The `downloadUrl`: the complete workbook PDF of a completed order. */
  app.get<{ Params: OrderParams }>('/api/download-workbook/:paymentIntentId/pdf', async (req, reply) => {
    const pdf = await openWorkbookPdf(deps, req.params.paymentIntentId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('content-length', String(pdf.size))
      .header('cache-control', 'private, no-cache')
      .send(pdf.stream);
  });
};
