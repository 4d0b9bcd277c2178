import { PRODUCT_NAME } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import { type RenderedEmail, renderEmail } from '../mail/templates';

/*
 * The gift emails (decision 0242): to the couple (the gift, with the buyer's message and the
 * redeem link), to the buyer (the receipt with the card, and the notice that the gift was opened).
 * The buyer's emails never say anything about the couple's account beyond that it was opened.
 */

export function redeemUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/redeem?code=${encodeURIComponent(code)}`;
}

export function receiptUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/gift/sent?token=${encodeURIComponent(token)}`;
}

export function giftEmail(
  publicUrl: string,
  gift: { buyerName: string; coupleNames: string; message: string; redeemCode: string },
): RenderedEmail {
  return renderEmail(
    {
      subject: `${gift.buyerName} gave you ${PRODUCT_NAME}`,
      preview: `A wedding gift from ${gift.buyerName}: a year of weekly conversations before your wedding.`,
      greeting: `Dear ${gift.coupleNames},`,
      blocks: [
        {
          kind: 'paragraph',
          text: `${gift.buyerName} has given you ${PRODUCT_NAME}, a 52-week course to prepare for your marriage together, one conversation a week.`,
        },
        ...(gift.message ? [{ kind: 'quote' as const, intro: `${gift.buyerName} wrote:`, text: gift.message }] : []),
        { kind: 'button', label: 'Open your gift', url: redeemUrl(publicUrl, gift.redeemCode) },
        { kind: 'code', label: 'Your gift code', code: gift.redeemCode },
        {
          kind: 'paragraph',
          text: 'Opening it creates your own private account with full access (or upgrades your trial). Your answers stay yours: the giver never sees them.',
        },
      ],
      footer: { reason: `You received this email because ${gift.buyerName} bought ${PRODUCT_NAME} for you as a gift.` },
    },
    publicUrl,
  );
}

export function giftReceiptEmail(
  publicUrl: string,
  gift: { buyerName: string; coupleNames: string; coupleEmail: string; sendAt: number; buyerToken: string },
  paid: { amount: number; currency: string },
): RenderedEmail {
  const when = new Date(gift.sendAt);
  const scheduled = gift.sendAt > Date.now() + 60_000;
  return renderEmail(
    {
      subject: `Your gift for ${gift.coupleNames} is ready`,
      preview: `Thank you: ${PRODUCT_NAME} for ${gift.coupleNames}.`,
      greeting: `Dear ${gift.buyerName},`,
      blocks: [
        {
          kind: 'paragraph',
          text: `Thank you for giving ${PRODUCT_NAME} to ${gift.coupleNames}. You paid ${formatMoney(paid.amount, paid.currency)}.`,
        },
        {
          kind: 'paragraph',
          text: scheduled
            ? `We will email the gift to ${gift.coupleEmail} on ${when.toUTCString().slice(0, 16)}.`
            : `We are emailing the gift to ${gift.coupleEmail} now.`,
        },
        { kind: 'button', label: 'See your gift and print the card', url: receiptUrl(publicUrl, gift.buyerToken) },
        {
          kind: 'paragraph',
          text: 'We will let you know when they open it. Their answers stay private to them.',
        },
      ],
      footer: { reason: `You received this email because you bought ${PRODUCT_NAME} as a gift.` },
    },
    publicUrl,
  );
}

export function giftOpenedEmail(publicUrl: string, gift: { buyerName: string; coupleNames: string }): RenderedEmail {
  return renderEmail(
    {
      subject: `${gift.coupleNames} opened your gift`,
      preview: `${gift.coupleNames} opened ${PRODUCT_NAME}.`,
      greeting: `Dear ${gift.buyerName},`,
      blocks: [
        {
          kind: 'paragraph',
          text: `${gift.coupleNames} opened your gift today: their course is ready for them. Thank you for starting them off.`,
        },
      ],
      footer: { reason: `You received this email because you gave ${PRODUCT_NAME} as a gift.` },
    },
    publicUrl,
  );
}
