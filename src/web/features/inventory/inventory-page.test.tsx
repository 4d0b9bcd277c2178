import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVENTORY_STATEMENTS } from '../../../shared/constants';
import type { InventoryReport, InventoryStatus, InventoryTopicView } from '../../../shared/inventory-schemas';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { type StubHandler, stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { renderWithQueryClient } from '../workbook/test-support';
import { InventoryCard } from './inventory-card';
import { InventoryPage } from './inventory-page';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const TOPICS: InventoryTopicView[] = [
  {
    id: 'money',
    title: 'Money',
    weeks: [29, 28],
    statements: [
      { id: 'money-01', text: 'I expect a shared budget.', private: false },
      { id: 'money-02', text: 'I expect to save first.', private: false },
    ],
  },
  {
    id: 'safety',
    title: 'Feeling safe',
    weeks: [8],
    statements: [{ id: 'safety-01', text: 'I sometimes keep quiet.', private: true }],
  },
];

function status(overrides: Partial<InventoryStatus> = {}): InventoryStatus {
  return {
    round: 1,
    total: 3,
    you: null,
    partners: { partner1: { answered: 0, finishedAt: null }, partner2: { answered: 0, finishedAt: null } },
    revealed: false,
    revealedAt: null,
    retakeFrom: null,
    canRetake: false,
    ...overrides,
  };
}

const PROFILE = { userDisplayName: 'Robin', partnerName: 'Casey', weddingDate: null };

describe('answering on the shared device', () => {
  it('asks who is answering, saves a topic at a time, finishes on "Save and finish", then shows the help page after a fear answer', async () => {
    let finished: string | null = null;
    const server = stubTrpcFetch({
      'inventory.status': () => ({ data: status() }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: PROFILE }),
      'inventory.answers': () => ({ data: { round: 1, answers: {}, finishedAt: finished } }),
      'inventory.saveAnswers': (input) => ({
        data: {
          answered: 1,
          finishedAt: null,
          revealed: false,
          showHelp: 'safety-01' in (input as { answers: Record<string, number> }).answers,
        },
      }),
      'inventory.finish': () => {
        finished = '2026-11-27T10:00:00.000Z';
        return {
          data: status({
            partners: { partner1: { answered: 3, finishedAt: 'x' }, partner2: { answered: 0, finishedAt: null } },
          }),
        };
      },
    });
    const user = userEvent.setup();
    renderWithQueryClient(<InventoryPage />);

    expect(await screen.findByText(/not a diagnosis/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'I am Robin' }));
    expect(await screen.findByRole('heading', { name: 'Money' })).toBeInTheDocument();
    const first = screen.getByRole('radiogroup', { name: /I expect a shared budget/ });
    await user.click(first.querySelector('input[value="5"]')!);
    const second = screen.getByRole('radiogroup', { name: /I expect to save first/ });
    await user.click(second.querySelector('input[value="0"]')!);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Feeling safe' })).toBeInTheDocument();
    expect(screen.getByText(/your partner never sees them/)).toBeInTheDocument();
    // A note, not an alert: it is there as the topic opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note')).toHaveTextContent(/your partner never sees them/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await user.click(screen.getByRole('radiogroup', { name: /keep quiet/ }).querySelector('input[value="4"]')!);
    await user.click(screen.getByRole('button', { name: 'Save and finish' }));

    expect(await screen.findByRole('heading', { name: 'You are not alone' })).toBeInTheDocument();
    expect(screen.getByText(/1-800-799-7233/)).toBeInTheDocument();
    // Finished already: a partner who stops on the help page has finished all the same.
    expect(server.calls.filter((call) => call.path === 'inventory.finish').map((call) => call.input)).toEqual([
      { partner: 'partner1' },
    ]);
    expect(screen.queryByRole('button', { name: 'Continue with the statements' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'You have finished' })).toBeInTheDocument();

    const saves = server.calls.filter((call) => call.path === 'inventory.saveAnswers').map((call) => call.input);
    expect(saves).toEqual([
      { partner: 'partner1', answers: { 'money-01': 5, 'money-02': 0 } },
      { partner: 'partner1', answers: { 'safety-01': 4 } },
    ]);
    // Only Robin's answers were ever asked for.
    expect(server.calls.filter((call) => call.path === 'inventory.answers').map((call) => call.input)).toEqual(
      expect.arrayContaining([{ partner: 'partner1' }]),
    );
    expect(server.calls.some((call) => JSON.stringify(call.input) === '{"partner":"partner2"}')).toBe(false);
  });
});

describe('the report', () => {
  it('puts the topics to talk about first and links each to its weeks', async () => {
    const report: InventoryReport = {
      round: 1,
      revealedAt: '2027-01-10T10:00:00.000Z',
      names: { partner1: 'Robin', partner2: 'Casey' },
      topics: [
        {
          id: 'home',
          title: 'Home',
          weeks: [31],
          agree: [{ id: 'home-01', text: 'A garden.', partner1: 4, partner2: 5, agreement: 'agree' }],
          close: [],
          talk: [],
          unsure: [],
        },
        {
          id: 'money',
          title: 'Money',
          weeks: [29, 28],
          agree: [],
          close: [],
          talk: [{ id: 'money-01', text: 'A shared budget.', partner1: 5, partner2: 1, agreement: 'talk' }],
          unsure: [],
        },
      ],
      talkFirst: ['money'],
      comparison: null,
    };
    stubTrpcFetch({
      'inventory.status': () => ({
        data: status({
          you: 'partner2',
          revealed: true,
          revealedAt: report.revealedAt,
          retakeFrom: '2027-07-10T10:00:00.000Z',
        }),
      }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: PROFILE }),
      'inventory.report': () => ({ data: report }),
    });
    renderWithQueryClient(<InventoryPage />);

    expect(await screen.findByText('Talk about these first: Money')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 2)).toEqual(['Money', 'Home']);
    expect(screen.getByText('A shared budget.')).toBeInTheDocument();
    expect(screen.getByText(/Robin: Strongly agree/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Week 29' })).toHaveAttribute('href', '/dashboard?tab=current&week=29');
    expect(screen.getByRole('button', { name: 'Start again' })).toBeDisabled();
  });

  // A session's notes (issue 35): a retake started meanwhile on the other partner's device seals
  // the latest round; a Spanish page said "No se pudo cargar… Inténtalo de nuevo."
  it('says in Spanish that the report opens once both have finished, when the server says it is sealed', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'inventory.status': () => ({
        data: status({
          revealed: true,
          revealedAt: '2027-01-10T10:00:00.000Z',
          retakeFrom: '2027-07-10T10:00:00.000Z',
        }),
      }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: PROFILE }),
      'inventory.report': () => ({
        error: {
          message: "Your partner's answers are sealed: the report opens once you have both finished.",
          httpStatus: 403,
        },
      }),
    });
    renderWithQueryClient(<InventoryPage />);
    expect(
      await screen.findByText(
        'Las respuestas de tu pareja están selladas: el informe se abre cuando los dos hayan terminado.',
      ),
    ).toBeInTheDocument();
  });

  // QA walk: each topic's counts read "1 en acuerdo" in Spanish.
  it('counts each topic’s statements in Spanish as a Spanish speaker says them', async () => {
    i18n.activate('es');
    const report: InventoryReport = {
      round: 1,
      revealedAt: '2027-01-10T10:00:00.000Z',
      names: { partner1: 'Robin', partner2: 'Casey' },
      topics: [
        {
          id: 'home',
          title: 'Hogar',
          weeks: [31],
          agree: [{ id: 'home-01', text: 'Un jardín.', partner1: 4, partner2: 5, agreement: 'agree' }],
          close: [],
          talk: [{ id: 'home-02', text: 'Una casa grande.', partner1: 5, partner2: 1, agreement: 'talk' }],
          unsure: [],
        },
      ],
      talkFirst: ['home'],
      comparison: null,
    };
    stubTrpcFetch({
      'inventory.status': () => ({ data: status({ revealed: true, revealedAt: report.revealedAt }) }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: PROFILE }),
      'inventory.report': () => ({ data: report }),
    });
    renderWithQueryClient(<InventoryPage />);

    expect(await screen.findByText('1 de acuerdo · 1 para conversar · 0 sin certeza')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('en acuerdo');
  });
});

// QA: a failure the page does not know left a Spanish toast with a title and no text.
describe('a failure the page does not know, in Spanish', () => {
  const unknown = () => ({ error: { message: 'Something only the server knows about.', httpStatus: 409 } });
  const toastOf = async (title: string) =>
    (await screen.findByText(title)).closest('.mantine-Notification-root') as HTMLElement;
  /** Robin answers one statement of a round in progress and saves it, the server answering `saveAnswers`. */
  const saveOneAnswer = async (saveAnswers: StubHandler) => {
    stubTrpcFetch({
      'inventory.status': () => ({ data: status() }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: PROFILE }),
      'inventory.answers': () => ({ data: { round: 1, answers: {}, finishedAt: null } }),
      'inventory.saveAnswers': saveAnswers,
    });
    const user = userEvent.setup();
    renderWithQueryClient(<InventoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Soy Robin' }));
    await user.click(
      (await screen.findByRole('radiogroup', { name: /I expect a shared budget/ })).querySelector('input[value="5"]')!,
    );
    await user.click(screen.getByRole('button', { name: 'Guardar y seguir' }));
  };

  it('says the answers are still there and to try again when a save fails', async () => {
    i18n.activate('es');
    await saveOneAnswer(unknown);
    expect(await toastOf('No se pudieron guardar tus respuestas')).toHaveTextContent(
      'Tus respuestas siguen aquí: inténtalo de nuevo en un momento.',
    );
    expect(document.body.textContent).not.toContain('Something only the server knows');
  });

  // A session's notes (issue 35): answers finished meanwhile on another device were refused with
  // "try again in a moment", which can never work.
  it.each([
    [
      'These answers are finished: they stay as they are until a retake.',
      'Estas respuestas ya están terminadas: se quedan así hasta que lo hagan de nuevo.',
    ],
    [
      'You have both finished. A retake opens on 2027-07-10.',
      'Ya terminaron los dos. Podrán hacerlo de nuevo a partir del 10 de julio de 2027.',
    ],
    // Signed out meanwhile (on another device): trying again here cannot work either.
    ['Please sign in to continue.', 'Inicien sesión para continuar.'],
  ])('says why a save was refused in Spanish: %s', async (message, spanish) => {
    i18n.activate('es');
    await saveOneAnswer(() => ({ error: { message, httpStatus: 409 } }));
    expect(await toastOf('No se pudieron guardar tus respuestas')).toHaveTextContent(spanish);
  });

  it('says to try again when starting a new round fails', async () => {
    i18n.activate('es');
    const report: InventoryReport = {
      round: 1,
      revealedAt: '2027-01-10T10:00:00.000Z',
      names: { partner1: 'Robin', partner2: 'Casey' },
      topics: [],
      talkFirst: [],
      comparison: null,
    };
    stubTrpcFetch({
      'inventory.status': () => ({
        data: status({
          revealed: true,
          revealedAt: report.revealedAt,
          retakeFrom: '2027-07-10T10:00:00.000Z',
          canRetake: true,
        }),
      }),
      'inventory.statements': () => ({ data: TOPICS }),
      'profile.get': () => ({ data: PROFILE }),
      'inventory.report': () => ({ data: report }),
      'inventory.startRetake': unknown,
    });
    const user = userEvent.setup();
    renderWithQueryClient(<InventoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Empezar de nuevo' }));
    expect(await toastOf('No se pudo empezar de nuevo')).toHaveTextContent('Inténtenlo de nuevo en un momento.');
  });

  it('says to try again when the report’s PDF cannot be made', async () => {
    i18n.activate('es');
    const report: InventoryReport = {
      round: 1,
      revealedAt: '2027-01-10T10:00:00.000Z',
      names: { partner1: 'Robin', partner2: 'Casey' },
      topics: [],
      talkFirst: [],
      comparison: null,
    };
    stubTrpcFetch(
      {
        'inventory.status': () => ({ data: status({ revealed: true, revealedAt: report.revealedAt }) }),
        'inventory.statements': () => ({ data: TOPICS }),
        'profile.get': () => ({ data: PROFILE }),
        'inventory.report': () => ({ data: report }),
      },
      () => Response.json({ message: 'Something only the server knows about.' }, { status: 409 }),
    );
    const user = userEvent.setup();
    renderWithQueryClient(<InventoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Descargar el informe (PDF)' }));
    expect(await toastOf('No se pudo crear el PDF')).toHaveTextContent('Inténtenlo de nuevo en un momento.');
    expect(document.body.textContent).not.toContain('Something only the server knows');
  });
});

// QA walk: the dashboard's card said "120 short statements" of an inventory of 123.
describe('the dashboard’s card', () => {
  it('says how many statements there are, as the inventory has them', async () => {
    i18n.activate('es');
    renderRoute(InventoryCard);
    expect(
      await screen.findByText(new RegExp(`^Cada quien responde por su cuenta ${INVENTORY_STATEMENTS} afirmaciones`)),
    ).toBeInTheDocument();
  });
});
