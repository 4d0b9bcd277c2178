import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InventoryTopicAdminView } from '../../../shared/inventory-schemas';
import { i18n } from '../../i18n/i18n';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { renderWithQueryClient } from '../workbook/test-support';
import { AdminInventoryPage } from './admin-inventory-page';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

function serveTopics(saveTopic?: () => { error: { message: string; httpStatus: number } }) {
  return stubTrpcFetch({
    'adminInventory.topics': () => ({ data: TOPICS }),
    'adminInventory.aggregate': () => ({ data: { couplesStarted: 3, couplesFinished: 2, topicsThatDiffer: null } }),
    ...(saveTopic ? { 'adminInventory.saveTopic': saveTopic } : {}),
  });
}

const TOPICS: InventoryTopicAdminView[] = [
  {
    topic: {
      id: 'communication',
      title: { en: 'Communication', es: 'La comunicación' },
      weeks: [1, 2],
      statements: [{ id: 'communication-01', en: 'We talk daily.', es: 'Hablamos a diario.' }],
    },
    status: 'default',
    updatedAt: '2026-11-24T13:00:00.000Z',
    private: false,
  },
];

describe('the seller’s inventory page', () => {
  it('shows only counts below five couples, and saves a topic edited in both languages', async () => {
    const server = stubTrpcFetch({
      'adminInventory.topics': () => ({ data: TOPICS }),
      'adminInventory.aggregate': () => ({ data: { couplesStarted: 3, couplesFinished: 2, topicsThatDiffer: null } }),
      'adminInventory.saveTopic': (input) => ({
        data: { ...TOPICS[0], topic: (input as { topic: unknown }).topic, status: 'edited' },
      }),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<AdminInventoryPage />);

    expect(await screen.findByText('3 couples started · 2 finished both')).toBeInTheDocument();
    expect(screen.getByText(/at least 5 couples have finished/)).toBeInTheDocument();
    const spanish = await screen.findByLabelText('communication-01 (Spanish)');
    expect(spanish).toHaveValue('Hablamos a diario.');
    await user.clear(spanish);
    await user.type(spanish, 'Conversamos cada día.');
    await user.clear(screen.getByLabelText('Weeks (numbers separated by commas)'));
    await user.type(screen.getByLabelText('Weeks (numbers separated by commas)'), '1, 4');
    await user.click(screen.getByRole('button', { name: 'Save topic' }));
    await waitFor(() => expect(server.calls.some((call) => call.path === 'adminInventory.saveTopic')).toBe(true));
    expect(server.calls.find((call) => call.path === 'adminInventory.saveTopic')?.input).toEqual({
      topic: {
        ...TOPICS[0]!.topic,
        weeks: [1, 4],
        statements: [{ id: 'communication-01', en: 'We talk daily.', es: 'Conversamos cada día.' }],
      },
    });
  });

  // Issue 35: a week 0 reached the seller as "topic.weeks.0: Too small: expected number to be >=1".
  it('checks the topic before sending it, each message under its field in the page’s language', async () => {
    i18n.activate('es');
    const server = serveTopics();
    const user = userEvent.setup({ delay: null });
    renderWithQueryClient(<AdminInventoryPage />);
    const weeks = await screen.findByLabelText('Semanas (números separados por comas)');
    await user.clear(weeks);
    await user.type(weeks, '0, 4');
    const title = screen.getByLabelText('Título (español)');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Guardar el tema' }));
    expect(
      await screen.findByText('Escribe de 1 a 8 números de semana distintos, del 1 al 52, separados por comas.'),
    ).toBeInTheDocument();
    expect(weeks).toHaveAccessibleDescription(
      'Escribe de 1 a 8 números de semana distintos, del 1 al 52, separados por comas.',
    );
    expect(title).toHaveAccessibleDescription('Escríbelo, con 400 caracteres como máximo.');
    expect(server.calls.some((call) => call.path === 'adminInventory.saveTopic')).toBe(false);
    expect(document.body.textContent).not.toMatch(/topic\.|Too small/);
  });

  it('names a field the server refuses all the same by its label, not its path', async () => {
    serveTopics(() => ({
      error: { message: 'topic.statements.0.es: the Spanish text cannot be empty', httpStatus: 400 },
    }));
    const user = userEvent.setup({ delay: null });
    renderWithQueryClient(<AdminInventoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Save topic' }));
    expect(await screen.findByText('communication-01 (Spanish): the Spanish text cannot be empty')).toBeInTheDocument();
  });

  // QA: a refusal the page does not know left a Spanish toast with a title and no text.
  it('says to try again, in Spanish, when the server’s refusal is one the page does not know', async () => {
    i18n.activate('es');
    serveTopics(() => ({ error: { message: 'Something only the server knows about.', httpStatus: 409 } }));
    const user = userEvent.setup({ delay: null });
    renderWithQueryClient(<AdminInventoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Guardar el tema' }));
    const toast = (await screen.findByText('No se pudo guardar el tema')).closest('.mantine-Notification-root');
    expect(toast).toHaveTextContent('Inténtalo de nuevo, por favor.');
    expect(document.body.textContent).not.toContain('Something only the server knows');
  });
});
