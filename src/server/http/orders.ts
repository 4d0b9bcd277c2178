import { weekNumberSchema } from '../../shared/schemas';
import { getOrder, openWorkbookPdf, openWorkbookWeekPdf, requestWorkbookDownload } from '../features/orders/service';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

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

  /**
   * The `downloadUrl`: the complete workbook PDF of a completed order, or 202 `{message}` with
   * Retry-After while it is being built (decision 0121).
   */
  app.get<{ Params: OrderParams }>('/api/download-workbook/:paymentIntentId/pdf', async (req, reply) => {
    const pdf = await openWorkbookPdf(deps, req.params.paymentIntentId, {
      onBuildError: (error) => req.log.error({ err: error }, 'complete workbook build failed'),
    });
    if (pdf.kind === 'preparing') {
      return reply
        .code(202)
        .header('retry-after', String(pdf.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .send({ message: pdf.message });
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('content-length', String(pdf.size))
      .header('cache-control', 'private, no-cache')
      .send(pdf.stream);
  });

  /** One week's PDF of a completed order, beside the complete workbook. */
  app.get<{ Params: OrderParams & { weekNumber: string } }>(
    '/api/download-workbook/:paymentIntentId/week/:weekNumber',
    async (req, reply) => {
      const weekNumber = parseInput(weekNumberSchema, req.params.weekNumber);
      const pdf = await openWorkbookWeekPdf(deps, req.params.paymentIntentId, weekNumber, {
        onMissingFile: (fileName) =>
          req.log.error({ weekNumber, fileName }, 'framework PDF missing on disk; upload it again'),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.downloadName}"`)
        .header('content-length', pdf.size)
        .header('cache-control', 'private, no-cache')
        .send(pdf.stream);
    },
  );
};
