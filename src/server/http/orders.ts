import { completeWorkbookFileName, weekFileName } from '../../shared/download-names';
import { LOCALES } from '../../shared/i18n/locales';
import { weekNumberSchema } from '../../shared/schemas';
import { z } from '../../shared/zod';
import { requestLocale } from '../features/i18n/locale';
import { getOrder, openWorkbookPdf, openWorkbookWeekPdf, requestWorkbookDownload } from '../features/orders/service';
import { attachment } from './content-disposition';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

interface OrderParams {
  paymentIntentId: string;
}

/** The language of the page that links to a download (its file name's); else the request's. */
const weekQuerySchema = z.object({ locale: z.enum(LOCALES, { error: 'locale must be en or es' }).optional() });

export const orderRoutes: RestRoutes = (app, deps) => {
  app.get<{ Params: OrderParams }>('/api/order/:paymentIntentId', async (req) =>
    getOrder(deps, req.params.paymentIntentId),
  );

  app.get<{ Params: OrderParams }>('/api/download-workbook/:paymentIntentId', async (req) =>
    requestWorkbookDownload(deps, req.params.paymentIntentId),
  );

  /**
   * The `downloadUrl`: the complete workbook PDF of a completed order, named in the page's language
   * (its `locale`, else the request's), or 202 `{message}` with Retry-After while it is being built
   * (decision 0121).
   */
  app.get<{ Params: OrderParams }>('/api/download-workbook/:paymentIntentId/pdf', async (req, reply) => {
    const locale = parseInput(weekQuerySchema, req.query, 'The query').locale ?? requestLocale(req);
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
      .header('content-disposition', attachment(completeWorkbookFileName(locale)))
      .header('content-length', String(pdf.size))
      .header('cache-control', 'private, no-cache')
      .send(pdf.stream);
  });

  /** One week's PDF of a completed order, beside the complete workbook, named in the page's language. */
  app.get<{ Params: OrderParams & { weekNumber: string } }>(
    '/api/download-workbook/:paymentIntentId/week/:weekNumber',
    async (req, reply) => {
      const weekNumber = parseInput(weekNumberSchema, req.params.weekNumber);
      const locale = parseInput(weekQuerySchema, req.query, 'The query').locale ?? requestLocale(req);
      const pdf = await openWorkbookWeekPdf(deps, req.params.paymentIntentId, weekNumber, {
        onMissingFile: (fileName) =>
          req.log.error({ weekNumber, fileName }, 'framework PDF missing on disk; upload it again'),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(weekFileName(weekNumber, locale)))
        .header('content-length', pdf.size)
        .header('cache-control', 'private, no-cache')
        .send(pdf.stream);
    },
  );
};
