import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDate, formatMoney } from '../../../shared/i18n/format';
import type { Locale } from '../../../shared/i18n/locales';
import { t } from '../i18n/translate';
import { greetingFor, type RenderedEmail, renderEmail } from '../mail/templates';

/*
 * The facilitators' emails (issue 38): the seller's invitation to a facilitator, a facilitator's
 * message to a cohort (with the couple's unsubscribe link, as the reminders have), the notice to a
 * couple a facilitator removed from a cohort, and the receipt of a seat pack bought by card.
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

/**
 * To a couple their facilitator removed from a cohort (decision 0360): who removed them, that their
 * course (and the seat they took) stays theirs, and that the weeks they shared are no longer shared.
 */
export function cohortRemovalEmail(
  publicUrl: string,
  removal: {
    names: { displayName: string; partnerName: string };
    facilitatorName: string;
    organisation: string | null;
    cohortName: string;
    keptSeat: boolean;
  },
  locale: Locale,
): RenderedEmail {
  const values = {
    product: PRODUCT_NAME,
    facilitator: removal.facilitatorName,
    cohort: removal.cohortName,
    organisation: removal.organisation ?? '',
    hasOrganisation: removal.organisation ? 'yes' : 'no',
    seat: removal.keptSeat ? 'yes' : 'no',
  };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.facilitator.removed.subject', values),
      preview: t(locale, 'email.facilitator.removed.preview', values),
      greeting: greetingFor(removal.names, locale),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.facilitator.removed.who', values) },
        { kind: 'paragraph', text: t(locale, 'email.facilitator.removed.kept', values) },
        { kind: 'paragraph', text: t(locale, 'email.facilitator.removed.shared', values) },
        { kind: 'paragraph', text: t(locale, 'email.facilitator.removed.mistake', values) },
        { kind: 'button', label: t(locale, 'email.facilitator.message.button'), url: `${publicUrl}/dashboard` },
      ],
      footer: { reason: t(locale, 'email.facilitator.removed.reason', values) },
    },
    publicUrl,
  );
}

/** A seat pack's receipt, to the facilitator who paid for it (decision 0351). */
export function seatPackReceiptEmail(
  publicUrl: string,
  receipt: {
    name: string;
    seats: number;
    cohortName: string;
    orderId: string;
    amount: number;
    currency: string;
    seatPrice: number;
    paidAt: string;
  },
  locale: Locale,
): RenderedEmail {
  const values = {
    product: PRODUCT_NAME,
    name: receipt.name,
    seats: receipt.seats,
    cohort: receipt.cohortName,
    price: formatMoney(locale, receipt.seatPrice, receipt.currency),
    total: formatMoney(locale, receipt.amount, receipt.currency),
    date: formatDate(locale, receipt.paidAt, { timeZone: 'UTC' }),
    id: receipt.orderId,
  };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.facilitator.receipt.subject', values),
      preview: t(locale, 'email.facilitator.receipt.preview', values),
      greeting: t(locale, 'email.facilitator.invite.greeting', values),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.facilitator.receipt.thanks', values) },
        { kind: 'paragraph', text: t(locale, 'email.facilitator.receipt.facts', values) },
        { kind: 'paragraph', text: t(locale, 'email.facilitator.receipt.howTo') },
        { kind: 'button', label: t(locale, 'email.facilitator.receipt.button'), url: `${publicUrl}/facilitator` },
      ],
      footer: { reason: t(locale, 'email.facilitator.receipt.reason', values) },
    },
    publicUrl,
  );
}
