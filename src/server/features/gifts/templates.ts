import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDate, formatMoney } from '../../../shared/i18n/format';
import type { Locale } from '../../../shared/i18n/locales';
import { linkWithSecret } from '../../../shared/link-secrets';
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
  return linkWithSecret(publicUrl, '/redeem', 'code', code);
}

export function receiptUrl(publicUrl: string, token: string): string {
  return linkWithSecret(publicUrl, '/gift/sent', 'token', token);
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
      subject: t(locale, 'email.gifts.gift.subject', names),
      preview: t(locale, 'email.gifts.gift.preview', names),
      greeting: t(locale, 'email.gifts.gift.greeting', names),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.gifts.gift.intro', names) },
        ...(gift.message
          ? [{ kind: 'quote' as const, intro: t(locale, 'email.gifts.gift.wrote', names), text: gift.message }]
          : []),
        { kind: 'button', label: t(locale, 'email.gifts.gift.open'), url: redeemUrl(publicUrl, gift.redeemCode) },
        { kind: 'code', label: t(locale, 'email.gifts.gift.code'), code: gift.redeemCode },
        { kind: 'paragraph', text: t(locale, 'email.gifts.gift.private') },
      ],
      footer: { reason: t(locale, 'email.gifts.gift.reason', names) },
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
      subject: t(locale, 'email.gifts.receipt.subject', names),
      preview: t(locale, 'email.gifts.receipt.preview', names),
      greeting: t(locale, 'email.gifts.receipt.greeting', names),
      blocks: [
        {
          kind: 'paragraph',
          text: t(locale, 'email.gifts.receipt.thanks', {
            ...names,
            amount: formatMoney(locale, paid.amount, paid.currency),
          }),
        },
        {
          kind: 'paragraph',
          text: scheduled
            ? t(locale, 'email.gifts.receipt.scheduled', {
                email: gift.coupleEmail,
                date: formatDate(locale, new Date(gift.sendAt)),
              })
            : t(locale, 'email.gifts.receipt.now', { email: gift.coupleEmail }),
        },
        {
          kind: 'button',
          label: t(locale, 'email.gifts.receipt.button'),
          url: receiptUrl(publicUrl, gift.buyerToken),
        },
        { kind: 'paragraph', text: t(locale, 'email.gifts.receipt.opened') },
      ],
      footer: { reason: t(locale, 'email.gifts.receipt.reason', names) },
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
      subject: t(locale, 'email.gifts.opened.subject', names),
      preview: t(locale, 'email.gifts.opened.preview', names),
      greeting: t(locale, 'email.gifts.receipt.greeting', names),
      blocks: [{ kind: 'paragraph', text: t(locale, 'email.gifts.opened.body', names) }],
      footer: { reason: t(locale, 'email.gifts.opened.reason', names) },
    },
    publicUrl,
  );
}
