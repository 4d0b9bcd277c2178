import { giftTokenSchema } from '../../shared/gifts-schemas';
import { giftCardPdf } from '../features/gifts/service';
import { attachment } from './content-disposition';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

/**
 * The printable gift card (decision 0242): a PDF with the redeem code, behind the buyer's secret
 * receipt token (404 for an unknown token, 409 before the payment is confirmed).
 */
export const giftRoutes: RestRoutes = (app, deps) => {
  app.get('/api/gifts/:token/card.pdf', async (req, reply) => {
    const { token } = parseInput(giftTokenSchema, req.params, 'The path');
    const { bytes, fileName } = await giftCardPdf(deps, token);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};
