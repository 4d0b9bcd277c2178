import type { DeliveryMethod } from '../../../shared/certificate-states';
import type { MessageId } from '../../../shared/i18n/locales';

/*
 * The certificates area's texts live in src/locales/{en,es}/certificates.json (docs/i18n.md); the
 * feature reads them through the app's own useT(), T and translate().
 */
export type { MessageId as CertificateTextId } from '../../../shared/i18n/locales';
export { translate } from '../../i18n/i18n';
export { T, useT } from '../../i18n/use-t';

/** The text id of each delivery method. */
export const DELIVERY_TEXT: Record<DeliveryMethod, MessageId> = {
  'in-person': 'certificates.delivery.inPerson',
  video: 'certificates.delivery.video',
  online: 'certificates.delivery.online',
};
