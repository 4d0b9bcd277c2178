import { Readable } from 'node:stream';
import { keepsakeFileName } from '../../shared/download-names';
import { assertCouple } from '../features/auth/access';
import { localeOfAccount } from '../features/i18n/locale';
import { exportFileName, exportOurData, openKeepsake } from '../features/our-data/service';
import { attachment } from './content-disposition';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';

/**
 * The couple's own copies (docs/product.md#our-data): GET /api/our-data, everything the app holds
 * about them as a JSON download, and GET /api/keepsake, the "Our year" PDF. Couples only.
 */
export const ourDataRoutes: RestRoutes = (app, deps) => {
  app.get('/api/our-data', async (req, reply) => {
    const couple = assertCouple(await getAuth(req, deps));
    const now = new Date();
    const body = exportOurData(deps, couple, now);
    // The first chunk reads the couple, so a deleted account is refused before the headers go.
    const first = await body.next();
    async function* rest() {
      if (!first.done) yield first.value;
      yield* body;
    }
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(rest()));
  });

  app.get('/api/keepsake', async (req, reply) => {
    const couple = assertCouple(await getAuth(req, deps));
    const handle = await openKeepsake(deps, couple);
    const { size } = await handle.stat();
    // Named in the language it is written in: the sign-in's (decision 0232).
    const locale = await localeOfAccount(deps.db, couple.accountId);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(keepsakeFileName(locale)))
      .header('content-length', size)
      .header('cache-control', 'private, no-store')
      .send(handle.createReadStream());
  });
};
