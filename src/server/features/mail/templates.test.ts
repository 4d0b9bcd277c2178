import { describe, expect, it } from 'vitest';
import { orderNoticeEmail } from './templates';

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
