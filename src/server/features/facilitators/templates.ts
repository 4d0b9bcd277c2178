import { PRODUCT_NAME } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { t } from '../i18n/translate';
import { type RenderedEmail, renderEmail } from '../mail/templates';

/*
 * The facilitators' emails (issue 38): the seller's invitation to a facilitator, and a
 * facilitator's message to a cohort (with the couple's unsubscribe link, as the reminders have).
 */

export function facilitatorInviteEmail(
  publicUrl: string,
  invite: { name: string; link: string; days: number },
  locale: Locale,
): RenderedEmail {
  const values = { product: PRODUCT_NAME, name: invite.name, days: invite.days };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.facilitator.invite.subject', values),
      preview: t(locale, 'email.facilitator.invite.preview', values),
      greeting: t(locale, 'email.facilitator.invite.greeting', values),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.facilitator.invite.intro', values) },
        { kind: 'button', label: t(locale, 'email.facilitator.invite.button'), url: invite.link },
        { kind: 'paragraph', text: t(locale, 'email.facilitator.invite.expiry', values) },
      ],
      footer: { reason: t(locale, 'email.facilitator.invite.reason', values) },
    },
    publicUrl,
  );
}

export function cohortMessageEmail(
  publicUrl: string,
  message: { facilitatorName: string; cohortName: string; subject: string; body: string; unsubscribeUrl: string },
  locale: Locale,
): RenderedEmail {
  const values = { facilitator: message.facilitatorName, cohort: message.cohortName, product: PRODUCT_NAME };
  return renderEmail(
    {
      locale,
      subject: message.subject,
      preview: t(locale, 'email.facilitator.message.preview', values),
      greeting: t(locale, 'email.facilitator.message.greeting'),
      blocks: [
        { kind: 'quote', intro: t(locale, 'email.facilitator.message.wrote', values), text: message.body },
        { kind: 'button', label: t(locale, 'email.facilitator.message.button'), url: `${publicUrl}/dashboard` },
      ],
      footer: { reason: t(locale, 'email.facilitator.message.reason', values), unsubscribeUrl: message.unsubscribeUrl },
    },
    publicUrl,
  );
}
