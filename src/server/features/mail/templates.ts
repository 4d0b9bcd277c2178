import { CONTACT_SUBJECTS, PRODUCT_NAME, TOTAL_WEEKS } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';

/**
 * Every email's words (docs/product.md#email), written once as blocks and rendered twice: a plain
 * text part and a simple, inline-styled HTML part (one column, real headings and links, colours
 * at 4.5:1 or better, no images), so both parts always say the same thing.
 */

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; label: string; code: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'quote'; intro: string; text: string };

export interface EmailContent {
  subject: string;
  /** The first line a mail client shows after the subject. */
  preview: string;
  greeting: string;
  blocks: Block[];
  /** Closing line before the signature. */
  closing?: string;
  /** Why the email came, and how to stop it (reminders). */
  footer: { reason: string; unsubscribeUrl?: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ink = '#2b2130'; // on white: 14:1
const muted = '#5b4f5f'; // on white: 7.6:1
const plum = '#6b2f6b'; // on white: 9.4:1; white on it: 9.4:1

function escapeHtml(text: string): string {
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
  parts.push(`With warm wishes,`, `The ${PRODUCT_NAME} team`, siteUrl, '', '--', content.footer.reason);
  if (content.footer.unsubscribeUrl) parts.push(`Unsubscribe from these reminders: ${content.footer.unsubscribeUrl}`);
  return `${parts.join('\n')}\n`;
}

function renderHtml(content: EmailContent, siteUrl: string): string {
  const paragraph = (html: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${ink}">${html}</p>`;
  const body = content.blocks
    .map((block) => {
      if (block.kind === 'paragraph') return paragraph(htmlLines(block.text));
      if (block.kind === 'code')
        return (
          `<p style="margin:0 0 6px;font-size:14px;color:${muted}">${escapeHtml(block.label)}</p>` +
          `<p style="margin:0 0 20px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',monospace;font-size:26px;letter-spacing:3px;font-weight:700;color:${ink};background:#f6f0f6;border:1px solid #d9c7d9;border-radius:8px;padding:12px 16px;display:inline-block">${escapeHtml(block.code)}</p>`
        );
      if (block.kind === 'button')
        return `<p style="margin:0 0 20px"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${plum};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${muted}">Or copy this address into your browser: <a href="${escapeHtml(block.url)}" style="color:${plum}">${escapeHtml(block.url)}</a></p>`;
      return (
        paragraph(escapeHtml(block.intro)) +
        `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d9c7d9;color:${muted};font-size:15px;line-height:1.6">${htmlLines(block.text)}</blockquote>`
      );
    })
    .join('\n');
  const unsubscribe = content.footer.unsubscribeUrl
    ? ` <a href="${escapeHtml(content.footer.unsubscribeUrl)}" style="color:${muted}">Unsubscribe from these reminders</a>.`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4eef4">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</div>
<div role="article" aria-label="${escapeHtml(content.subject)}" lang="en" style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Georgia,'Times New Roman',serif">
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:${plum}"><a href="${escapeHtml(siteUrl)}" style="color:${plum};text-decoration:none">${escapeHtml(PRODUCT_NAME)}</a></p>
<div style="background:#ffffff;border-radius:12px;padding:28px 24px">
${paragraph(escapeHtml(content.greeting))}
${body}
${content.closing ? paragraph(escapeHtml(content.closing)) : ''}
${paragraph(`With warm wishes,<br>The ${escapeHtml(PRODUCT_NAME)} team`)}
</div>
<p style="margin:16px 8px 0;font-size:13px;line-height:1.5;color:${muted}">${escapeHtml(content.footer.reason)}${unsubscribe} <a href="${escapeHtml(siteUrl)}" style="color:${muted}">${escapeHtml(siteUrl.replace(/^https?:\/\//, ''))}</a></p>
</div>
</body>
</html>
`;
}

export function renderEmail(content: EmailContent, publicUrl: string): RenderedEmail {
  const siteUrl = `${publicUrl}/`;
  return { subject: content.subject, text: renderText(content, siteUrl), html: renderHtml(content, siteUrl) };
}

/** "Robin and Casey", or a neutral greeting while the profile still has its placeholders. */
export function greetingFor(names?: { displayName: string; partnerName: string }): string {
  const first = names?.displayName.trim() ?? '';
  const second = names?.partnerName.trim() ?? '';
  const placeholder = first === '' || first === 'Trial User';
  if (placeholder) return 'Hello,';
  return second && second !== 'Partner' ? `Dear ${first} and ${second},` : `Dear ${first},`;
}

const signInLink = (publicUrl: string) => `${publicUrl}/customer-login`;

/** A completed order's personal access code: the account now opens all 52 weeks. */
export function accessCodeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; firstName?: string },
): RenderedEmail {
  return renderEmail(
    {
      subject: `Your ${PRODUCT_NAME} access code`,
      preview: `Your personal access code is inside. All ${TOTAL_WEEKS} weeks are yours, one week at a time.`,
      greeting: input.firstName ? `Dear ${input.firstName},` : 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Thank you for your order, and welcome to ${PRODUCT_NAME}! Your course is ready: all ${TOTAL_WEEKS} weeks are now yours, and each one opens when you complete the week before.`,
        },
        { kind: 'code', label: 'Your personal access code', code: input.accessCode },
        {
          kind: 'paragraph',
          text: `To sign in, use your email (${input.email}) and this code. It replaces any code you had before, and it works in upper or lower case.`,
        },
        { kind: 'button', label: 'Sign in to your course', url: signInLink(publicUrl) },
        {
          kind: 'paragraph',
          text: 'Please keep this email somewhere safe, or save the code in a password manager. If you ever lose it, choose “Email me my code” on the sign-in page and we will send you a new one.',
        },
      ],
      closing: 'We are so glad you are starting this journey together.',
      footer: { reason: `You received this email because an order for ${PRODUCT_NAME} was placed with this address.` },
    },
    publicUrl,
  );
}

/** A new code asked for with "Email me my code". */
export function requestedCodeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; names?: { displayName: string; partnerName: string } },
): RenderedEmail {
  return renderEmail(
    {
      subject: `Your new ${PRODUCT_NAME} access code`,
      preview: 'Here is the new personal access code you asked for.',
      greeting: greetingFor(input.names),
      blocks: [
        {
          kind: 'paragraph',
          text: `You asked for a new access code on the ${PRODUCT_NAME} sign-in page. Here it is:`,
        },
        { kind: 'code', label: 'Your new personal access code', code: input.accessCode },
        {
          kind: 'paragraph',
          text: `Sign in with your email (${input.email}) and this code. Your old code no longer works, and for your security every device that was signed in has been signed out.`,
        },
        { kind: 'button', label: 'Sign in', url: signInLink(publicUrl) },
        {
          kind: 'paragraph',
          text: 'If you did not ask for this, someone may have typed your email address by mistake. You can safely ignore this email: only you can read this code, and your progress is untouched.',
        },
      ],
      footer: {
        reason: `You received this email because a new access code was requested for this address on ${PRODUCT_NAME}.`,
      },
    },
    publicUrl,
  );
}

/** A trial started with the shared code: its personal code goes to the email, not to the page. */
export function trialWelcomeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; trialWeeks: number },
): RenderedEmail {
  const weeks = input.trialWeeks === 1 ? 'the first week' : `the first ${input.trialWeeks} weeks`;
  return renderEmail(
    {
      subject: `Welcome to ${PRODUCT_NAME}: your access code`,
      preview: `Your free trial is ready. Here is your personal access code.`,
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Welcome to ${PRODUCT_NAME}! Your free trial is ready: it opens ${weeks} of our ${TOTAL_WEEKS}-week course for couples preparing for marriage.`,
        },
        { kind: 'code', label: 'Your personal access code', code: input.accessCode },
        {
          kind: 'paragraph',
          text: `Sign in with your email (${input.email}) and this code. From now on it is your key: the trial code will not open your account again.`,
        },
        { kind: 'button', label: 'Start your first week', url: signInLink(publicUrl) },
        {
          kind: 'paragraph',
          text: 'If you did not sign up, someone may have typed your email address by mistake. You can safely ignore this email: nobody can use the account without the code above.',
        },
      ],
      closing: 'Enjoy your first conversations together.',
      footer: {
        reason: `You received this email because a free trial of ${PRODUCT_NAME} was started with this address.`,
      },
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
    unsubscribeUrl: string;
  },
): RenderedEmail {
  const remaining = TOTAL_WEEKS - input.weekNumber + 1;
  return renderEmail(
    {
      subject: `Week ${input.weekNumber} is waiting for you: ${input.weekTitle}`,
      preview: `A gentle reminder: Week ${input.weekNumber}, “${input.weekTitle}”, is open whenever you are ready.`,
      greeting: greetingFor(input.names),
      blocks: [
        {
          kind: 'paragraph',
          text: `Week ${input.weekNumber}, “${input.weekTitle}”, has been open for a week now, ready whenever the two of you are.`,
        },
        {
          kind: 'paragraph',
          text: `Life before (and after) a wedding gets busy, and that is all right. Even half an hour together this week, with a cup of tea and your phones put away, keeps the conversation going. ${remaining === 1 ? 'It is the last week of the course.' : `${remaining} weeks to go, one at a time.`}`,
        },
        {
          kind: 'button',
          label: `Open Week ${input.weekNumber}`,
          url: `${publicUrl}/dashboard?tab=current&week=${input.weekNumber}`,
        },
      ],
      closing: 'We are cheering you on.',
      footer: {
        reason: `You receive at most one reminder a week, and only when a week has waited seven days. You can turn them off in your Profile.`,
        unsubscribeUrl: input.unsubscribeUrl,
      },
    },
    publicUrl,
  );
}

const subjectLabel = (subject: string | null) =>
  CONTACT_SUBJECTS.find((option) => option.value === subject)?.label ?? 'No subject';

/** The seller's notice of a new contact message. */
export function contactNoticeEmail(
  publicUrl: string,
  message: { firstName: string; lastName: string; email: string; subject: string | null; message: string },
): RenderedEmail {
  return renderEmail(
    {
      subject: `New message from ${message.firstName} ${message.lastName}: ${subjectLabel(message.subject)}`,
      preview: message.message.slice(0, 120),
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'quote',
          intro: `${message.firstName} ${message.lastName} (${message.email}) wrote through the contact form (${subjectLabel(message.subject)}):`,
          text: message.message,
        },
        {
          kind: 'paragraph',
          text: 'Reply from the inbox in the admin area: the answer goes to the sender and the message is marked handled.',
        },
        { kind: 'button', label: 'Open the admin area', url: `${publicUrl}/admin` },
      ],
      footer: { reason: `You receive these notices because ADMIN_EMAIL is set to this address on ${PRODUCT_NAME}.` },
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
export function orderNoticeEmail(publicUrl: string, order: OrderNoticeFacts): RenderedEmail {
  const amount = formatMoney(order.amount, order.currency);
  return renderEmail(
    {
      subject: `New order: ${order.firstName} ${order.lastName} (${amount}, ${order.status})`,
      preview: `${order.firstName} ${order.lastName} ordered the course.`,
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `A new order was recorded.\nBuyer: ${order.firstName} ${order.lastName} (${order.email})\nAmount: ${amount}\nStatus: ${order.status}\nOrder: ${order.id}`,
        },
        {
          kind: 'paragraph',
          text:
            order.status === 'completed'
              ? 'The couple has full access, and their personal access code is on its way to them by email.'
              : 'The order is not completed yet: the couple gets access once it is.',
        },
        { kind: 'button', label: 'View the order', url: `${publicUrl}/success?payment_intent=${order.id}` },
      ],
      footer: { reason: `You receive these notices because ADMIN_EMAIL is set to this address on ${PRODUCT_NAME}.` },
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
): RenderedEmail {
  const sent = new Date(input.original.createdAt).toLocaleDateString('en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return renderEmail(
    {
      subject: `Re: ${input.original.subject ? subjectLabel(input.original.subject) : `Your message to ${PRODUCT_NAME}`}`,
      preview: input.body.slice(0, 120),
      greeting: `Dear ${input.original.firstName},`,
      blocks: [
        { kind: 'paragraph', text: input.body },
        { kind: 'quote', intro: `On ${sent}, you wrote:`, text: input.original.message },
      ],
      footer: {
        reason: `You received this email in answer to your message on ${PRODUCT_NAME}. ${
          input.canReply ? 'Simply reply to write back.' : `To write back, use the contact form at ${publicUrl}/.`
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
): RenderedEmail {
  return renderEmail(
    {
      subject: `${input.inviterName} invites you to ${PRODUCT_NAME}`,
      preview: `Your own sign-in to the course you are taking together.`,
      greeting: input.partnerName ? `Dear ${input.partnerName},` : 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.inviterName} invites you to sign in to ${PRODUCT_NAME} as yourself: the same course and progress, with your own answers that you share together, week by week.`,
        },
        { kind: 'button', label: 'Accept the invite', url: input.link },
        { kind: 'code', label: 'Invite code', code: input.code },
        {
          kind: 'paragraph',
          text: `The invite works once and for ${input.validDays} days. When you accept, you choose the email you sign in with and receive your own personal access code.`,
        },
      ],
      footer: { reason: `You received this email because someone invited this address to ${PRODUCT_NAME}.` },
    },
    publicUrl,
  );
}

/** The invited partner's own personal access code. */
export function partnerCodeEmail(
  publicUrl: string,
  input: { email: string; accessCode: string; name: string },
): RenderedEmail {
  return renderEmail(
    {
      subject: `Your ${PRODUCT_NAME} access code`,
      preview: 'Your own personal access code is inside.',
      greeting: input.name ? `Dear ${input.name},` : 'Hello,',
      blocks: [
        { kind: 'paragraph', text: `Welcome to ${PRODUCT_NAME}! Here is your own sign-in.` },
        { kind: 'code', label: 'Your personal access code', code: input.accessCode },
        {
          kind: 'paragraph',
          text: `Sign in with your email (${input.email}) and this code. It is yours alone: your partner keeps their own.`,
        },
        { kind: 'button', label: 'Sign in', url: signInLink(publicUrl) },
      ],
      footer: { reason: `You received this email because you accepted an invite to ${PRODUCT_NAME}.` },
    },
    publicUrl,
  );
}

/** "Casey has shared week 12": to the partner who shared first, once the other has shared too. */
export function partnerSharedEmail(
  publicUrl: string,
  input: { recipientName: string; sharerName: string; weekNumber: number },
): RenderedEmail {
  return renderEmail(
    {
      subject: `${input.sharerName} has shared week ${input.weekNumber}`,
      preview: `Your answers for week ${input.weekNumber} are open to each other now.`,
      greeting: input.recipientName ? `Dear ${input.recipientName},` : 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.sharerName} has shared week ${input.weekNumber}. You have both shared now, so your answers are open to each other, side by side.`,
        },
        {
          kind: 'button',
          label: `Read week ${input.weekNumber} together`,
          url: `${publicUrl}/dashboard?tab=current&week=${input.weekNumber}`,
        },
      ],
      footer: {
        reason: `You received this email because private answers are on for the two of you on ${PRODUCT_NAME}, and we tell you when a week opens to you both.`,
      },
    },
    publicUrl,
  );
}

/** The seller's notice that sign-ins to the administrator account from new devices paused (decision 0201). */
export function adminSignInsPausedEmail(
  publicUrl: string,
  facts: { username: string; failures: number; addresses: number; minutes: number },
): RenderedEmail {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return renderEmail(
    {
      subject: `${PRODUCT_NAME}: sign-ins to the administrator account from new devices are paused`,
      preview: `${plural(facts.failures, 'failed sign-in')} from ${plural(facts.addresses, 'address')}.`,
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Someone tried to sign in as the administrator "${facts.username}" and failed ${plural(facts.failures, 'time')} from ${plural(facts.addresses, 'different address')} within 15 minutes. For the next ${facts.minutes} minutes, sign-ins to this account are refused from every device that has not signed in to it before.`,
        },
        {
          kind: 'paragraph',
          text: 'You can still sign in from a device you used before. Otherwise run `npm run admin:reset-password` on the server: it sets a new password and lifts this pause. If these attempts were not yours, keep your password long and unique, and consider turning on two-factor sign-in in the admin area.',
        },
        { kind: 'button', label: 'Open the admin area', url: `${publicUrl}/admin` },
      ],
      footer: {
        reason: `You receive these notices because ADMIN_EMAIL is set to this address on ${PRODUCT_NAME}. At most one is sent an hour.`,
      },
    },
    publicUrl,
  );
}
