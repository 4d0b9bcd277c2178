import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDate, formatMoney } from '../../../shared/i18n/format';
import type { Locale } from '../../../shared/i18n/locales';
import { t } from '../i18n/translate';
import { type RenderedEmail, renderEmail } from '../mail/templates';

/*
 * The gift emails (decision 0242), in the language the buyer chose the gift in (gifts.locale): to
 * the couple (the gift, with the buyer's message and the redeem link), to the buyer (the receipt
 * with the card, and the notice that the gift was opened). The buyer's emails never say anything
 * about the couple's account beyond that it was opened.
 */

const product = { product: PRODUCT_NAME };

export function redeemUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/redeem?code=${encodeURIComponent(code)}`;
}

export function receiptUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/gift/sent?token=${encodeURIComponent(token)}`;
}

export function giftEmail(
  publicUrl: string,
  gift: { buyerName: string; coupleNames: string; message: string; redeemCode: string },
  locale: Locale,
): RenderedEmail {
  const names = { ...product, buyer: gift.buyerName, couple: gift.coupleNames };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'gifts.email.gift.subject', names),
      preview: t(locale, 'gifts.email.gift.preview', names),
      greeting: t(locale, 'gifts.email.gift.greeting', names),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'gifts.email.gift.intro', names) },
        ...(gift.message
          ? [{ kind: 'quote' as const, intro: t(locale, 'gifts.email.gift.wrote', names), text: gift.message }]
          : []),
        { kind: 'button', label: t(locale, 'gifts.email.gift.open'), url: redeemUrl(publicUrl, gift.redeemCode) },
        { kind: 'code', label: t(locale, 'gifts.email.gift.code'), code: gift.redeemCode },
        { kind: 'paragraph', text: t(locale, 'gifts.email.gift.private') },
      ],
      footer: { reason: t(locale, 'gifts.email.gift.reason', names) },
    },
    publicUrl,
  );
}

export function giftReceiptEmail(
  publicUrl: string,
  gift: { buyerName: string; coupleNames: string; coupleEmail: string; sendAt: number; buyerToken: string },
  paid: { amount: number; currency: string },
  locale: Locale,
): RenderedEmail {
  const names = { ...product, buyer: gift.buyerName, couple: gift.coupleNames };
  const scheduled = gift.sendAt > Date.now() + 60_000;
  return renderEmail(
    {
      locale,
      subject: t(locale, 'gifts.email.receipt.subject', names),
      preview: t(locale, 'gifts.email.receipt.preview', names),
      greeting: t(locale, 'gifts.email.receipt.greeting', names),
      blocks: [
        {
          kind: 'paragraph',
          text: t(locale, 'gifts.email.receipt.thanks', {
            ...names,
            amount: formatMoney(locale, paid.amount, paid.currency),
          }),
        },
        {
          kind: 'paragraph',
          text: scheduled
            ? t(locale, 'gifts.email.receipt.scheduled', {
                email: gift.coupleEmail,
                date: formatDate(locale, new Date(gift.sendAt)),
              })
            : t(locale, 'gifts.email.receipt.now', { email: gift.coupleEmail }),
        },
        {
          kind: 'button',
          label: t(locale, 'gifts.email.receipt.button'),
          url: receiptUrl(publicUrl, gift.buyerToken),
        },
        { kind: 'paragraph', text: t(locale, 'gifts.email.receipt.opened') },
      ],
      footer: { reason: t(locale, 'gifts.email.receipt.reason', names) },
    },
    publicUrl,
  );
}

export function giftOpenedEmail(
  publicUrl: string,
  gift: { buyerName: string; coupleNames: string },
  locale: Locale,
): RenderedEmail {
  const names = { ...product, buyer: gift.buyerName, couple: gift.coupleNames };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'gifts.email.opened.subject', names),
      preview: t(locale, 'gifts.email.opened.preview', names),
      greeting: t(locale, 'gifts.email.receipt.greeting', names),
      blocks: [{ kind: 'paragraph', text: t(locale, 'gifts.email.opened.body', names) }],
      footer: { reason: t(locale, 'gifts.email.opened.reason', names) },
    },
    publicUrl,
  );
}
