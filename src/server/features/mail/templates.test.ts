import { describe, expect, it } from 'vitest';
import {
  accessCodeEmail,
  contactReplyEmail,
  orderNoticeEmail,
  partnerSharedEmail,
  requestedCodeEmail,
  trialWelcomeEmail,
  weeklyReminderEmail,
} from './templates';

describe("the seller's order notice", () => {
  it("names the amount in the order's currency", () => {
    const order = { id: 'pi_x', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', status: 'completed' };
    const euros = orderNoticeEmail('https://vows.example', { ...order, amount: 3900, currency: 'eur' });
    expect(euros.subject).toBe('New order: Ana Silva (€39.00, completed)');
    expect(euros.text).toContain('Amount: €39.00');
    expect(orderNoticeEmail('https://vows.example', { ...order, amount: 4900, currency: 'jpy' }).subject).toContain(
      '¥4,900',
    );
  });
});

describe('the words of the couples’ emails', () => {
  const url = 'https://vows.example';
  const names = { displayName: 'Robin', partnerName: 'Casey' };
  const emails = () => [
    accessCodeEmail(url, { email: 'robin@example.com', accessCode: 'ABCD-EFGH', firstName: 'Robin' }),
    requestedCodeEmail(url, { email: 'robin@example.com', accessCode: 'ABCD-EFGH', names }),
    trialWelcomeEmail(url, { email: 'robin@example.com', accessCode: 'ABCD-EFGH', trialWeeks: 3 }),
    weeklyReminderEmail(url, {
      names,
      weekNumber: 4,
      weekTitle: 'Turning Towards Each Other',
      unsubscribeUrl: `${url}/unsubscribe/x`,
    }),
    partnerSharedEmail(url, { recipientName: 'Robin', sharerName: 'Casey', weekNumber: 12 }),
  ];

  it('use typographic quotes, like the course itself', () => {
    for (const email of emails()) expect(email.text, email.subject).not.toMatch(/"/);
    expect(emails()[3]!.text).toContain('Week 4, “Turning Towards Each Other”, has been open for a week now');
  });

  it('say that a bought course opens week by week, as it does', () => {
    const [access] = emails();
    expect(access!.text).toContain('each one opens when you complete the week before');
    expect(access!.text).not.toMatch(/weeks are now open/);
  });

  it('date a quoted message the way the course writes its English', () => {
    const reply = contactReplyEmail(url, {
      original: { firstName: 'Ana', subject: null, message: 'Hello', createdAt: '2026-11-24T10:00:00.000Z' },
      body: 'Thank you for writing.',
      canReply: true,
    });
    expect(reply.text).toContain('On 24 November 2026, you wrote:');
  });
});
