import { describe, expect, it } from 'vitest';
import {
  accessCodeEmail,
  contactReplyEmail,
  orderNoticeEmail,
  partnerCodeEmail,
  partnerInviteEmail,
  partnerSharedEmail,
  contactNoticeEmail,
  paymentFailedEmail,
  paymentFailedNoticeEmail,
  giftWelcomeEmail,
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

/** A failed delayed payment's emails (decision 0350): the buyer's, for each purchase, and the seller's notice. */
function failedPayments(locale: 'en' | 'es') {
  const url = 'https://vows.example';
  const paid = { amount: 14700, currency: 'usd', payAgainUrl: `${url}/again` };
  const purchases = [
    { kind: 'course' },
    { kind: 'gift', coupleNames: 'Lucía y Mateo' },
    { kind: 'seats', seats: 3 },
  ] as const;
  return purchases.flatMap((purchase) => [
    paymentFailedEmail(url, { firstName: 'Ana', purchase, ...paid }, locale),
    paymentFailedNoticeEmail(url, { id: 'pi_x', name: 'Ana Silva', email: 'a@b.c', purchase, ...paid }, locale),
  ]);
}

describe('a failed delayed payment', () => {
  it('says plainly what failed, that nothing was charged or given, and how to pay again', () => {
    const [course, courseNotice, gift, , seats, seatsNotice] = failedPayments('en');
    expect(course!.text).toContain('Your bank did not complete the payment of $147.00 for Vows & Weeks');
    expect(course!.text).toContain('Pay again: https://vows.example/again');
    expect(courseNotice!.text).toContain('For: the course');
    expect(gift!.subject).toBe('Your payment for the gift to Lucía y Mateo did not go through');
    expect(seats!.subject).toBe('Your payment for 3 seats did not go through');
    expect(seatsNotice!.text).toContain('For: 3 seats for a facilitator');
    const [courseEs, , , , seatsEs] = failedPayments('es');
    expect(courseEs!.text).toContain('No se les cobró nada y el curso no se abrió');
    expect(seatsEs!.subject).toBe('Tu pago de 3 plazas no se completó');
  });
});

describe('in Spanish', () => {
  const url = 'https://vows.example';
  const names = { displayName: 'Lucía', partnerName: 'Mateo' };
  const all = () => [
    accessCodeEmail(url, { email: 'lucia@example.com', accessCode: 'ABCD-EFGH', firstName: 'Lucía' }, 'es'),
    requestedCodeEmail(url, { email: 'lucia@example.com', accessCode: 'ABCD-EFGH', names }, 'es'),
    trialWelcomeEmail(url, { email: 'lucia@example.com', accessCode: 'ABCD-EFGH', trialWeeks: 1 }, 'es'),
    weeklyReminderEmail(url, { names, weekNumber: 52, weekTitle: 'Votos', unsubscribeUrl: `${url}/u` }, 'es'),
    partnerInviteEmail(
      url,
      { inviterName: 'Lucía', partnerName: 'Mateo', link: `${url}/i`, code: 'X', validDays: 7 },
      'es',
    ),
    partnerCodeEmail(url, { email: 'mateo@example.com', accessCode: 'ABCD-EFGH', name: 'Mateo' }, 'es'),
    partnerSharedEmail(url, { recipientName: 'Lucía', sharerName: 'Mateo', weekNumber: 3 }, 'es'),
    contactReplyEmail(
      url,
      {
        original: { firstName: 'Ana', subject: null, message: 'Hola', createdAt: '2026-11-24T10:00:00Z' },
        body: 'Gracias.',
        canReply: true,
      },
      'es',
    ),
    orderNoticeEmail(
      url,
      { id: 'pi', firstName: 'A', lastName: 'B', email: 'a@b.c', status: 'completed', amount: 4900, currency: 'usd' },
      'es',
    ),
    contactNoticeEmail(url, { firstName: 'A', lastName: 'B', email: 'a@b.c', subject: null, message: 'Hola' }, 'es'),
    ...failedPayments('es'),
    giftWelcomeEmail(
      url,
      { email: 'lucia@example.com', accessCode: 'ABCD-EFGH', buyerName: 'Tía Marisol', coupleNames: 'Lucía y Mateo' },
      'es',
    ),
  ];

  it('writes every email in Spanish, with the html in lang="es"', () => {
    for (const email of all()) {
      expect(email.html).toContain('<html lang="es">');
      expect(email.text).toContain('El equipo de Vows & Weeks');
      expect(`${email.subject}\n${email.text}`).not.toMatch(/\b(Dear|Hello|Your|you|the|With warm wishes|Sign in)\b/);
    }
  });

  it('says each thing naturally, plurals included', () => {
    const [access, , trial, reminder, invite, , shared, reply] = all();
    expect(access!.subject).toBe('Ya tienen su código de acceso a Vows & Weeks');
    expect(access!.text).toContain('Hola, Lucía:');
    expect(trial!.text).toContain('abre la primera semana de nuestro curso de 52 semanas');
    expect(reminder!.text).toContain('Es la última semana del curso.');
    expect(invite!.text).toContain('durante 7 días');
    expect(shared!.subject).toBe('Mateo compartió la semana 3');
    expect(reply!.text).toContain('El 24 de noviembre de 2026, escribiste:');
    const gift = all().at(-1)!;
    expect(gift.subject).toBe('Abrieron el regalo de Tía Marisol: su código de acceso a Vows & Weeks');
    expect(gift.text).toContain('Hola, Lucía y Mateo:');
    expect(gift.text).toContain(
      'Abrieron el regalo que les hizo Tía Marisol: ¡les damos la bienvenida a Vows & Weeks!',
    );
    expect(gift.text).toContain('porque el regalo que les hizo Tía Marisol se abrió con esta dirección.');
    expect(gift.text).not.toMatch(/compra/);
  });
});
