import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InventoryStatus, InventoryTopicView } from '../../../shared/inventory-schemas';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { renderWithQueryClient } from '../workbook/test-support';
import { InventoryPage } from './inventory-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOPICS: InventoryTopicView[] = [
  {
    id: 'money',
    title: 'Money',
    weeks: [29],
    statements: [{ id: 'money-01', text: 'I expect a shared budget.', private: false }],
  },
  {
    id: 'home',
    title: 'Home',
    weeks: [12],
    statements: [{ id: 'home-01', text: 'I expect to live near family.', private: false }],
  },
];

const STATUS: InventoryStatus = {
  round: 1,
  total: 2,
  you: null,
  partners: { partner1: { answered: 0, finishedAt: null }, partner2: { answered: 0, finishedAt: null } },
  revealed: false,
  revealedAt: null,
  retakeFrom: null,
  canRetake: false,
};

// QA walk: after "Save and continue" keyboard focus fell to the top of the page, far from the next topic.
describe('"What we each expect" with a keyboard', () => {
  it('takes focus to the next topic’s heading after "Save and continue", and back', async () => {
    stubTrpcFetch({
      'inventory.status': () => ({ data: STATUS }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: { userDisplayName: 'Robin', partnerName: 'Casey', weddingDate: null } }),
      'inventory.answers': () => ({ data: { round: 1, answers: {}, finishedAt: null } }),
      'inventory.saveAnswers': () => ({ data: { answered: 1, finishedAt: null, revealed: false, showHelp: false } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithQueryClient(<InventoryPage />);
    await user.click(await screen.findByRole('button', { name: 'I am Robin' }));
    const money = await screen.findByRole('heading', { name: 'Money' });
    expect(money).not.toHaveFocus();
    await user.click(screen.getByRole('radiogroup', { name: /shared budget/ }).querySelector('input[value="3"]')!);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const home = await screen.findByRole('heading', { name: 'Home' });
    await waitFor(() => expect(home).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Money' })).toHaveFocus());
  });
});
