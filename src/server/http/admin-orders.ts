import { orderExportQuerySchema } from '../../shared/admin-schemas';
import { assertAdmin } from '../features/auth/access';
import { exportOrdersCsv } from '../features/orders/admin-service';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

/**
 * GET /api/admin/orders.csv: the orders list's CSV export (docs/product.md#back-office-orders-and-couples),
 * admins only, with the list's filters (`search`, `status`) as query parameters, streamed.
 */
export const adminOrderRoutes: RestRoutes = (app, deps) => {
  app.get('/api/admin/orders.csv', async (req, reply) => {
    assertAdmin(await getAuth(req, deps));
    const filters = parseInput(orderExportQuerySchema, req.query, 'The query');
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(exportOrdersCsv(deps, filters));
  });
};
