import { Readable } from 'node:stream';
import { z } from '../../shared/zod';
import { AppError } from '../../shared/errors';
import { SIGNATURE_MAX_BYTES } from '../../shared/certificate-schemas';
import { assertAdmin, assertCouple } from '../features/auth/access';
import { certificatePdf, exportCertificatesCsv, saveSignature } from '../features/certificates/service';
import { wholeNumberSchema } from '../../shared/schemas';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

const certificateParamsSchema = z.object({
  id: wholeNumberSchema('id must be a positive whole number', { min: 1, max: Number.MAX_SAFE_INTEGER }),
});
const csvQuerySchema = z.object({ search: z.string().trim().max(160, 'search is too long').optional().default('') });

/**
 * Certificates over plain HTTP (docs/certificates.md): GET /api/certificates/:id/pdf, the couple's
 * certificate; GET /api/admin/certificates.csv, the issued certificates for the provider's records;
 * PUT /api/admin/certificate-signature, the provider's signature image as the raw body (PNG or
 * JPEG, at most 100 KB, its bytes checked).
 */
export const certificateRoutes: RestRoutes = (app, deps) => {
  app.get('/api/certificates/:id/pdf', async (req, reply) => {
    const couple = assertCouple(await getAuth(req, deps));
    const { id } = parseInput(certificateParamsSchema, req.params, 'The path');
    const { bytes, fileName } = await certificatePdf(deps, couple, id);
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

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['image/png', 'image/jpeg'],
      { parseAs: 'buffer', bodyLimit: SIGNATURE_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.put('/api/admin/certificate-signature', async (req) => {
      const admin = assertAdmin(await getAuth(req, deps));
      if (!Buffer.isBuffer(req.body)) throw new AppError('BAD_REQUEST', 'The signature must be a PNG or JPEG image.');
      return saveSignature(deps, admin, req.body);
    });
  });
};
