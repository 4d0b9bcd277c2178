import { CONTACT_SUBJECTS, PRODUCT_NAME, TOTAL_WEEKS } from '../../../shared/constants';
import { formatDate, formatMoney } from '../../../shared/i18n/format';
import type { Locale, MessageId } from '../../../shared/i18n/locales';
import { t } from '../i18n/translate';

/**
 * Every email's words (docs/product.md#email), written once as blocks and rendered twice: a plain
 * text part and a simple, inline-styled HTML part (one column, real headings and links, colours
 * at 4.5:1 or better, no images), so both parts always say the same thing. Every text is a message
 * of src/locales/<lang>/email.json, in the recipient's language (`locale`, decision 0231).
 */

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; label: string; code: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'quote'; intro: string; text: string };

export interface EmailContent {
  locale: Locale;
  subject: string;
  /** The first line a mail client shows after the subject. */
  preview: string;
  greeting: string;
  blocks: Block[];
  /** Closing line before the signature. */
  closing?: string;
  /** Why the email came, and how to stop it (reminders). */
  footer: { reason: string; unsubscribeUrl?: string };
  /**
   * Words in another language than the email's, e.g. a week's English title in a Spanish reminder
   * when the week's translation is missing (decision 0232): marked with their `lang` wherever the
   * HTML part shows them in a paragraph or a button (WCAG 3.1.2).
   */
  otherLanguage?: { text: string; lang: Locale };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** The language it is written in: kept with the queued message for the outbox. */
  locale: Locale;
}

const ink = '#2b2130'; // on white: 14:1
const muted = '#5b4f5f'; // on white: 7.6:1
const plum = '#6b2f6b'; // on white: 9.4:1; white on it: 9.4:1

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Plain text with line breaks kept, for the HTML part. */
function htmlLines(text: string): string {
  return escapeHtml(text).replaceAll('\n', '<br>');
}

function renderText(content: EmailContent, siteUrl: string): string {
  const parts: string[] = [content.greeting, ''];
  for (const block of content.blocks) {
    if (block.kind === 'paragraph') parts.push(block.text, '');
    else if (block.kind === 'code') parts.push(`${block.label}: ${block.code}`, '');
    else if (block.kind === 'button') parts.push(`${block.label}: ${block.url}`, '');
    else parts.push(block.intro, ...block.text.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)), '');
  }
  if (content.closing) parts.push(content.closing, '');
  parts.push(
    t(content.locale, 'email.layout.signature', { product: PRODUCT_NAME }),
    siteUrl,
    '',
    '--',
    content.footer.reason,
  );
  if (content.footer.unsubscribeUrl)
    parts.push(`${t(content.locale, 'email.layout.unsubscribe')}: ${content.footer.unsubscribeUrl}`);
  return `${parts.join('\n')}\n`;
}

function renderHtml(content: EmailContent, siteUrl: string): string {
  const paragraph = (html: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${ink}">${html}</p>`;
  // Text already escaped, with the words in another language wrapped in a span with their `lang`.
  const marked = (html: string) => {
    const other = content.otherLanguage;
    if (!other || other.lang === content.locale || other.text.trim() === '') return html;
    const words = escapeHtml(other.text);
    return html.replaceAll(words, `<span lang="${other.lang}">${words}</span>`);
  };
  const body = content.blocks
    .map((block) => {
      if (block.kind === 'paragraph') return paragraph(marked(htmlLines(block.text)));
      if (block.kind === 'code')
        return (
          `<p style="margin:0 0 6px;font-size:14px;color:${muted}">${escapeHtml(block.label)}</p>` +
          `<p style="margin:0 0 20px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',monospace;font-size:26px;letter-spacing:3px;font-weight:700;color:${ink};background:#f6f0f6;border:1px solid #d9c7d9;border-radius:8px;padding:12px 16px;display:inline-block">${escapeHtml(block.code)}</p>`
        );
      if (block.kind === 'button')
        return `<p style="margin:0 0 20px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${plum};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px">${marked(escapeHtml(block.label))}</a></p><p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${muted}">${escapeHtml(t(content.locale, 'email.layout.copyAddress'))} <a href="${escapeHtml(block.url)}" style="color:${plum}">${escapeHtml(block.url)}</a></p>`;
      return (
        paragraph(escapeHtml(block.intro)) +
        `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d9c7d9;color:${muted};font-size:15px;line-height:1.6">${htmlLines(block.text)}</blockquote>`
      );
    })
    .join('\n');
  const unsubscribe = content.footer.unsubscribeUrl
    ? ` <a href="${escapeHtml(content.footer.unsubscribeUrl)}" style="color:${muted}">${escapeHtml(t(content.locale, 'email.layout.unsubscribe'))}</a>.`
    : '';
  return `<!doctype html>
<html lang="${content.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4eef4">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</div>
<div role="article" aria-label="${escapeHtml(content.subject)}" lang="${content.locale}" style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Georgia,'Times New Roman',serif">
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:${plum}"><a href="${escapeHtml(siteUrl)}" style="color:${plum};text-decoration:none">${escapeHtml(PRODUCT_NAME)}</a></p>
<div style="background:#ffffff;border-radius:12px;padding:28px 24px">
${paragraph(escapeHtml(content.greeting))}
${body}
${content.closing ? paragraph(escapeHtml(content.closing)) : ''}
${paragraph(htmlLines(t(content.locale, 'email.layout.signature', { product: PRODUCT_NAME })))}
</div>
<p style="margin:16px 8px 0;font-size:13px;line-height:1.5;color:${muted}">${escapeHtml(content.footer.reason)}${unsubscribe} <a href="${escapeHtml(siteUrl)}" style="color:${muted}">${escapeHtml(siteUrl.replace(/^https?:\/\//, ''))}</a></p>
</div>
</body>
</html>
`;
}

export function renderEmail(content: EmailContent, publicUrl: string): RenderedEmail {
  const siteUrl = `${publicUrl}/`;
  return {
    subject: content.subject,
    text: renderText(content, siteUrl),
    html: renderHtml(content, siteUrl),
    locale: content.locale,
  };
}

/** "Dear Robin and Casey,", or a neutral greeting while the profile still has its placeholders. */
export function greetingFor(names?: { displayName: string; partnerName: string }, locale: Locale = 'en'): string {
  const first = names?.displayName.trim() ?? '';
  const second = names?.partnerName.trim() ?? '';
  const placeholder = first === '' || first === 'Trial User';
  if (placeholder) return t(locale, 'email.greeting.hello');
  return second && second !== 'Partner'
    ? t(locale, 'email.greeting.two', { first, second })
    : t(locale, 'email.greeting.one', { name: first });
}

/** "Dear Ana," or "Hello," without a name. */
const greetingOf = (locale: Locale, name: string | undefined) =>
  name ? t(locale, 'email.greeting.one', { name }) : t(locale, 'email.greeting.hello');

const signInLink = (publicUrl: string) => `${publicUrl}/customer-login`;
const product = { product: PRODUCT_NAME };

/** A completed order's personal access code: the account now opens all 52 weeks. */
export function accessCodeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; firstName?: string },
  locale: Locale = 'en',
): RenderedEmail {
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.accessCode.subject', product),
      preview: t(locale, 'email.accessCode.preview', { weeks: TOTAL_WEEKS }),
      greeting: greetingOf(locale, input.firstName),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.accessCode.thanks', { ...product, weeks: TOTAL_WEEKS }) },
        ...codeBlocks(publicUrl, input, locale),
      ],
      closing: t(locale, 'email.accessCode.closing'),
      footer: { reason: t(locale, 'email.accessCode.reason', product) },
    },
    publicUrl,
  );
}

/** The code, how to sign in with it and a sign-in button: the part of every email that brings a code. */
function codeBlocks(publicUrl: string, input: { email: string; accessCode: string }, locale: Locale): Block[] {
  return [
    { kind: 'code', label: t(locale, 'email.accessCode.codeLabel'), code: input.accessCode },
    { kind: 'paragraph', text: t(locale, 'email.accessCode.howToSignIn', { email: input.email }) },
    { kind: 'button', label: t(locale, 'email.accessCode.button'), url: signInLink(publicUrl) },
    { kind: 'paragraph', text: t(locale, 'email.accessCode.keepSafe') },
  ];
}

/**
 * A gift's opening: the personal access code of the account the gift created (or upgraded, its old
 * code replaced), in the couple's words, from the giver; never "thank you for your purchase".
 */
export function giftWelcomeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; buyerName: string; coupleNames: string },
  locale: Locale = 'en',
): RenderedEmail {
  const names = { ...product, buyer: input.buyerName, weeks: TOTAL_WEEKS };
  const couple = input.coupleNames.trim();
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.giftWelcome.subject', names),
      preview: t(locale, 'email.giftWelcome.preview', names),
      greeting: greetingOf(locale, couple === '' ? undefined : couple),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.giftWelcome.intro', names) },
        ...codeBlocks(publicUrl, input, locale),
      ],
      closing: t(locale, 'email.accessCode.closing'),
      footer: { reason: t(locale, 'email.giftWelcome.reason', names) },
    },
    publicUrl,
  );
}

type NewCodeInput = { email: string; accessCode: string; names?: { displayName: string; partnerName: string } };

/** A new code asked for with "Email me my code". */
export const requestedCodeEmail = (publicUrl: string, input: NewCodeInput, locale: Locale = 'en') =>
  newCodeEmail('requestedCode', publicUrl, input, locale);

/**
 * A new code the seller issued on the couple's back-office page (decision 0368) or with Resend
 * access on the Orders page (0369): it goes to the sign-in's email, never to the seller's screen.
 */
export const issuedCodeEmail = (publicUrl: string, input: NewCodeInput, locale: Locale = 'en') =>
  newCodeEmail('issuedCode', publicUrl, input, locale);

/** Both new-code emails: the same subject, code and sign-in; their own preview, intro, "not you" and reason. */
function newCodeEmail(
  words: 'requestedCode' | 'issuedCode',
  publicUrl: string,
  input: NewCodeInput,
  locale: Locale,
): RenderedEmail {
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.requestedCode.subject', product),
      preview: t(locale, `email.${words}.preview`),
      greeting: greetingFor(input.names, locale),
      blocks: [
        { kind: 'paragraph', text: t(locale, `email.${words}.intro`, product) },
        { kind: 'code', label: t(locale, 'email.requestedCode.codeLabel'), code: input.accessCode },
        { kind: 'paragraph', text: t(locale, 'email.requestedCode.howToSignIn', { email: input.email }) },
        { kind: 'button', label: t(locale, 'email.signIn'), url: signInLink(publicUrl) },
        { kind: 'paragraph', text: t(locale, `email.${words}.notYou`) },
      ],
      footer: { reason: t(locale, `email.${words}.reason`, product) },
    },
    publicUrl,
  );
}

/** A trial started with the shared code: its personal code goes to the email, not to the page. */
export function trialWelcomeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; trialWeeks: number },
  locale: Locale = 'en',
): RenderedEmail {
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.trial.subject', product),
      preview: t(locale, 'email.trial.preview'),
      greeting: t(locale, 'email.greeting.hello'),
      blocks: [
        {
          kind: 'paragraph',
          text: t(locale, 'email.trial.intro', { ...product, trialWeeks: input.trialWeeks, weeks: TOTAL_WEEKS }),
        },
        { kind: 'code', label: t(locale, 'email.accessCode.codeLabel'), code: input.accessCode },
        { kind: 'paragraph', text: t(locale, 'email.trial.howToSignIn', { email: input.email }) },
        { kind: 'button', label: t(locale, 'email.trial.button'), url: signInLink(publicUrl) },
        { kind: 'paragraph', text: t(locale, 'email.trial.notYou') },
      ],
      closing: t(locale, 'email.trial.closing'),
      footer: { reason: t(locale, 'email.trial.reason', product) },
    },
    publicUrl,
  );
}

/** The friendly nudge when a couple's next week has been open a week without progress. */
export function weeklyReminderEmail(
  publicUrl: string,
  input: {
    names: { displayName: string; partnerName: string };
    weekNumber: number;
    weekTitle: string;
    /** The title's language when it is not the email's: the week's translation is missing (0232). */
    weekTitleLanguage?: Locale;
    unsubscribeUrl: string;
  },
  locale: Locale = 'en',
): RenderedEmail {
  const week = { week: input.weekNumber, title: input.weekTitle };
  return renderEmail(
    {
      locale,
      ...(input.weekTitleLanguage && { otherLanguage: { text: input.weekTitle, lang: input.weekTitleLanguage } }),
      subject: t(locale, 'email.reminder.subject', week),
      preview: t(locale, 'email.reminder.preview', week),
      greeting: greetingFor(input.names, locale),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.reminder.open', week) },
        {
          kind: 'paragraph',
          text: t(locale, 'email.reminder.busy', { remaining: TOTAL_WEEKS - input.weekNumber + 1 }),
        },
        {
          kind: 'button',
          label: t(locale, 'email.reminder.button', week),
          url: `${publicUrl}/dashboard?tab=current&week=${input.weekNumber}`,
        },
      ],
      closing: t(locale, 'email.reminder.closing'),
      footer: { reason: t(locale, 'email.reminder.reason'), unsubscribeUrl: input.unsubscribeUrl },
    },
    publicUrl,
  );
}

// The contact form's subjects are labelled in English (the seller's notices; the web translates its own).
const subjectLabel = (subject: string | null, locale: Locale) =>
  CONTACT_SUBJECTS.find((option) => option.value === subject)?.label ?? t(locale, 'email.seller.noSubject');

/** The seller's notice of a new contact message. */
export function contactNoticeEmail(
  publicUrl: string,
  message: { firstName: string; lastName: string; email: string; subject: string | null; message: string },
  locale: Locale = 'en',
): RenderedEmail {
  const name = `${message.firstName} ${message.lastName}`;
  const topic = subjectLabel(message.subject, locale);
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.contactNotice.subject', { name, topic }),
      preview: message.message.slice(0, 120),
      greeting: t(locale, 'email.greeting.hello'),
      blocks: [
        {
          kind: 'quote',
          intro: t(locale, 'email.contactNotice.intro', { name, email: message.email, topic }),
          text: message.message,
        },
        { kind: 'paragraph', text: t(locale, 'email.contactNotice.howToReply') },
        { kind: 'button', label: t(locale, 'email.contactNotice.button'), url: `${publicUrl}/admin` },
      ],
      footer: { reason: t(locale, 'email.seller.reason', product) },
    },
    publicUrl,
  );
}

/** What the seller's notice of a new order says of it. */
export interface OrderNoticeFacts {
  id: string;
  amount: number;
  currency: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
}

/** The seller's notice of a new order, its amount in the order's currency. */
export function orderNoticeEmail(publicUrl: string, order: OrderNoticeFacts, locale: Locale = 'en'): RenderedEmail {
  const amount = formatMoney(locale, order.amount, order.currency);
  const name = `${order.firstName} ${order.lastName}`;
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.orderNotice.subject', { name, amount, status: order.status }),
      preview: t(locale, 'email.orderNotice.preview', { name }),
      greeting: t(locale, 'email.greeting.hello'),
      blocks: [
        {
          kind: 'paragraph',
          text: t(locale, 'email.orderNotice.facts', {
            name,
            email: order.email,
            amount,
            status: order.status,
            id: order.id,
          }),
        },
        {
          kind: 'paragraph',
          text: t(locale, order.status === 'completed' ? 'email.orderNotice.completed' : 'email.orderNotice.pending'),
        },
        {
          kind: 'button',
          label: t(locale, 'email.orderNotice.button'),
          url: `${publicUrl}/success?payment_intent=${order.id}`,
        },
      ],
      footer: { reason: t(locale, 'email.seller.reason', product) },
    },
    publicUrl,
  );
}

/**
 * What a failed delayed payment was for (decision 0350): the course (its buyer is the couple),
 * a gift (for `coupleNames`) or a seat pack (`seats`, bought by a facilitator). Each has its own
 * words: to a couple the Spanish says *ustedes*, to a giver or a facilitator *t\u00fa*.
 */
export type FailedPurchase =
  | { kind: 'course' }
  | { kind: 'gift'; coupleNames: string }
  | { kind: 'seats'; seats: number };

/** The facts of a failed delayed payment, for the buyer's email and the seller's notice. */
export interface PaymentFailedFacts {
  /** The payment (the PaymentIntent id: the order id). */
  id: string;
  purchase: FailedPurchase;
  amount: number;
  currency: string;
  name: string;
  email: string;
}

/**
 * A delayed payment (a bank debit) that failed, to the buyer (decision 0350): it did not go
 * through, nothing was charged and nothing given, and `payAgainUrl` pays again.
 */
export function paymentFailedEmail(
  publicUrl: string,
  input: { firstName: string; amount: number; currency: string; purchase: FailedPurchase; payAgainUrl: string },
  locale: Locale = 'en',
): RenderedEmail {
  const { purchase } = input;
  const values = {
    ...product,
    amount: formatMoney(locale, input.amount, input.currency),
    couple: purchase.kind === 'gift' ? purchase.coupleNames : '',
    seats: purchase.kind === 'seats' ? purchase.seats : 0,
  };
  const key = (name: string) => `email.paymentFailed.${purchase.kind}.${name}` as MessageId;
  const firstName = input.firstName.trim();
  return renderEmail(
    {
      locale,
      subject: t(locale, key('subject'), values),
      preview: t(locale, key('preview'), values),
      greeting: greetingOf(locale, firstName === '' ? undefined : firstName),
      blocks: [
        { kind: 'paragraph', text: t(locale, key('what'), values) },
        { kind: 'paragraph', text: t(locale, key('payAgain'), values) },
        { kind: 'button', label: t(locale, 'email.paymentFailed.button'), url: input.payAgainUrl },
      ],
      footer: { reason: t(locale, key('reason'), values) },
    },
    publicUrl,
  );
}

/** The seller's notice of a failed delayed payment (decision 0350): nothing to do, the buyer was told. */
export function paymentFailedNoticeEmail(
  publicUrl: string,
  facts: PaymentFailedFacts,
  locale: Locale = 'en',
): RenderedEmail {
  const { purchase } = facts;
  const amount = formatMoney(locale, facts.amount, facts.currency);
  const what =
    purchase.kind === 'course'
      ? t(locale, 'email.paymentFailedNotice.forCourse')
      : purchase.kind === 'gift'
        ? t(locale, 'email.paymentFailedNotice.forGift', { couple: purchase.coupleNames })
        : t(locale, 'email.paymentFailedNotice.forSeats', { seats: purchase.seats });
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.paymentFailedNotice.subject', { name: facts.name, amount }),
      preview: t(locale, 'email.paymentFailedNotice.preview', { name: facts.name }),
      greeting: t(locale, 'email.greeting.hello'),
      blocks: [
        {
          kind: 'paragraph',
          text: t(locale, 'email.paymentFailedNotice.facts', {
            name: facts.name,
            email: facts.email,
            amount,
            what,
            id: facts.id,
          }),
        },
        { kind: 'paragraph', text: t(locale, 'email.paymentFailedNotice.nothingToDo') },
        {
          kind: 'button',
          label: t(locale, 'email.paymentFailedNotice.button'),
          url: `${publicUrl}/admin/${purchase.kind === 'seats' ? 'facilitators' : 'orders'}`,
        },
      ],
      footer: { reason: t(locale, 'email.seller.reason', product) },
    },
    publicUrl,
  );
}

/** The seller's answer to a contact message, with the original quoted. */
export function contactReplyEmail(
  publicUrl: string,
  input: {
    original: { firstName: string; subject: string | null; message: string; createdAt: string };
    body: string;
    /** Whether replies reach the seller (a Reply-To address is set). */
    canReply: boolean;
  },
  locale: Locale = 'en',
): RenderedEmail {
  const sent = formatDate(locale, input.original.createdAt, { timeZone: 'UTC' });
  const topic = input.original.subject
    ? subjectLabel(input.original.subject, locale)
    : t(locale, 'email.contactReply.yourMessage', product);
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.contactReply.subject', { topic }),
      preview: input.body.slice(0, 120),
      greeting: t(locale, 'email.greeting.one', { name: input.original.firstName }),
      blocks: [
        { kind: 'paragraph', text: input.body },
        {
          kind: 'quote',
          intro: t(locale, 'email.contactReply.youWrote', { date: sent }),
          text: input.original.message,
        },
      ],
      footer: {
        reason: `${t(locale, 'email.contactReply.reason', product)} ${
          input.canReply
            ? t(locale, 'email.contactReply.replyByEmail')
            : t(locale, 'email.contactReply.replyByForm', { url: `${publicUrl}/` })
        }`,
      },
    },
    publicUrl,
  );
}

/** An invite to the other partner (docs/product.md#partner-sign-ins): the link and its code. */
export function partnerInviteEmail(
  publicUrl: string,
  input: { inviterName: string; partnerName: string; link: string; code: string; validDays: number },
  locale: Locale = 'en',
): RenderedEmail {
  const inviter = { ...product, inviter: input.inviterName };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.partnerInvite.subject', inviter),
      preview: t(locale, 'email.partnerInvite.preview'),
      greeting: greetingOf(locale, input.partnerName),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.partnerInvite.intro', inviter) },
        { kind: 'button', label: t(locale, 'email.partnerInvite.button'), url: input.link },
        { kind: 'code', label: t(locale, 'email.partnerInvite.codeLabel'), code: input.code },
        { kind: 'paragraph', text: t(locale, 'email.partnerInvite.validity', { days: input.validDays }) },
      ],
      footer: { reason: t(locale, 'email.partnerInvite.reason', product) },
    },
    publicUrl,
  );
}

/** The invited partner's own personal access code. */
export function partnerCodeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; name: string },
  locale: Locale = 'en',
): RenderedEmail {
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.accessCode.subject', product),
      preview: t(locale, 'email.partnerCode.preview'),
      greeting: greetingOf(locale, input.name),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.partnerCode.welcome', product) },
        { kind: 'code', label: t(locale, 'email.accessCode.codeLabel'), code: input.accessCode },
        { kind: 'paragraph', text: t(locale, 'email.partnerCode.howToSignIn', { email: input.email }) },
        { kind: 'button', label: t(locale, 'email.signIn'), url: signInLink(publicUrl) },
      ],
      footer: { reason: t(locale, 'email.partnerCode.reason', product) },
    },
    publicUrl,
  );
}

/** "Casey has shared week 12": to the partner who shared first, once the other has shared too. */
export function partnerSharedEmail(
  publicUrl: string,
  input: { recipientName: string; sharerName: string; weekNumber: number },
  locale: Locale = 'en',
): RenderedEmail {
  const values = { sharer: input.sharerName, week: input.weekNumber };
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.partnerShared.subject', values),
      preview: t(locale, 'email.partnerShared.preview', values),
      greeting: greetingOf(locale, input.recipientName),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.partnerShared.text', values) },
        {
          kind: 'button',
          label: t(locale, 'email.partnerShared.button', values),
          url: `${publicUrl}/dashboard?tab=current&week=${input.weekNumber}`,
        },
      ],
      footer: { reason: t(locale, 'email.partnerShared.reason', product) },
    },
    publicUrl,
  );
}

/** The seller's notice that sign-ins to the administrator account from new devices paused (decision 0201). */
export function adminSignInsPausedEmail(
  publicUrl: string,
  facts: { username: string; failures: number; addresses: number; minutes: number },
  locale: Locale = 'en',
): RenderedEmail {
  return renderEmail(
    {
      locale,
      subject: t(locale, 'email.adminSignInsPaused.subject', product),
      preview: t(locale, 'email.adminSignInsPaused.preview', facts),
      greeting: t(locale, 'email.greeting.hello'),
      blocks: [
        { kind: 'paragraph', text: t(locale, 'email.adminSignInsPaused.what', facts) },
        { kind: 'paragraph', text: t(locale, 'email.adminSignInsPaused.whatToDo') },
        { kind: 'button', label: t(locale, 'email.adminSignInsPaused.button'), url: `${publicUrl}/admin` },
      ],
      footer: { reason: t(locale, 'email.adminSignInsPaused.reason', product) },
    },
    publicUrl,
  );
}
