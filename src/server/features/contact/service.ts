import { CONTACT_SENT_MESSAGE, type ContactMessage, type ContactSent } from '../../../shared/contact-schemas';
import type { AppDeps } from '../../deps';
import { queueContactNotice } from '../mail/service';
import { insertContactMessage } from './repo';

/**
 * Stores a visitor's message (docs/product.md#http-api). Only valid messages spend the sender's
 * budget (10 a minute per client address by default): a typo answered 400 costs nothing, a stored
 * message does. Both POST /api/contact and contact.send come here, so they share that budget.
 */
export async function sendContactMessage(
  deps: AppDeps,
  message: ContactMessage,
  clientAddress: string,
): Promise<ContactSent> {
  deps.rateLimits.contactPerAddress.consume(clientAddress);
  await deps.db.transaction().execute(async (trx) => {
    await insertContactMessage(trx, message);
    await queueContactNotice(trx, deps, message); // the seller's notice (ADMIN_EMAIL)
  });
  return { success: true, message: CONTACT_SENT_MESSAGE };
}
