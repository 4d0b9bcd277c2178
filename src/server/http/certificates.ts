import { Readable } from 'node:stream';
import { z } from '../../shared/zod';
import { assertAdmin, assertCouple } from '../features/auth/access';
import { certificatePdf, exportCertificatesCsv } from '../features/certificates/service';
import { certificateIdParamSchema } from '../../shared/certificate-schemas';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

const certificateParamsSchema = z.object({ certificateId: certificateIdParamSchema });
const csvQuerySchema = z.object({ search: z.string().trim().max(160, 'search is too long').optional().default('') });

/**
 * Certificates over plain HTTP (docs/certificates.md): GET /api/certificates/:certificateId/pdf, the couple's
 * certificate (a PDF); GET /api/admin/certificates.csv, the issued certificates for the provider's
 * records (query `search`: part of either legal name).
 */
export const certificateRoutes: RestRoutes = (app, deps) => {
  app.get('/api/certificates/:certificateId/pdf', async (req, reply) => {
    const couple = assertCouple(await getAuth(req, deps));
    const { certificateId } = parseInput(certificateParamsSchema, req.params, 'The path');
    const { bytes, fileName } = await certificatePdf(deps, couple, certificateId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  app.get('/api/admin/certificates.csv', async (req, reply) => {
    assertAdmin(await getAuth(req, deps));
    const { search } = parseInput(csvQuerySchema, req.query, 'The query');
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="certificates-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(exportCertificatesCsv(deps, search)));
  });
};
