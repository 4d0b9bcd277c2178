import { inventoryReportFileName } from '../../shared/download-names';
import { z } from '../../shared/zod';
import { inventoryLocaleSchema } from '../../shared/inventory-schemas';
import { AppError } from '../../shared/errors';
import { assertCouple } from '../features/auth/access';
import { reportPdf } from '../features/inventory/service';
import { attachment } from './content-disposition';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';

const reportPdfQuery = z.object({
  locale: inventoryLocaleSchema.default('en'),
  round: z.coerce.number().int().min(1).optional(),
});

/**
 * GET /api/inventory-report.pdf: the printable report of "What we each expect" (issue 41), for the
 * couple only, sealed like the report itself (403 until both partners have finished).
 */
export const inventoryRoutes: RestRoutes = (app, deps) => {
  app.get('/api/inventory-report.pdf', async (req, reply) => {
    const couple = assertCouple(await getAuth(req, deps));
    const query = reportPdfQuery.safeParse(req.query ?? {});
    if (!query.success) throw new AppError('BAD_REQUEST', 'locale must be en or es, and round a round number.');
    const { bytes, round } = await reportPdf(deps, couple, query.data.locale, query.data.round);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(inventoryReportFileName(round, query.data.locale)))
      .header('content-length', bytes.byteLength)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};
