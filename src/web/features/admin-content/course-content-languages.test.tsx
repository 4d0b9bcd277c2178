import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseWeek, CourseWeekListItem, WeekContentData } from '../../../shared/workbook-schemas';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { createQueryClient } from '../../trpc';
import { CourseContentPage } from './course-content-page';

type Edition = 'en' | 'es';

function weekContent(weekNumber: number, edition: Edition): WeekContentData {
  const es = edition === 'es';
  return {
    weekNumber,
    title: es ? `Título ${weekNumber}` : `Week title ${weekNumber}`,
    focus: es ? 'un enfoque' : 'a focus',
    objective: es ? 'Un objetivo.' : 'An objective.',
    reflectionQuestions: [{ id: 'w02-q1', question: es ? '¿Primera pregunta?' : 'First question?', topic: 'x' }],
    discussionPrompts: [es ? 'Un tema.' : 'A prompt.'],
    activity: { title: es ? 'Una actividad' : 'An activity', description: 'Do it.', steps: [] },
    commitmentExamples: [es ? 'Un ejemplo.' : 'An example.'],
    conversationCards: [{ id: 'w02-c1', text: es ? '¿Una tarjeta?' : 'A card?' }],
  };
}

/** Week 1: Spanish missing; week 2: Spanish outdated; the rest up to date. */
function fakeServer() {
  const stored = new Map<string, CourseWeek>();
  const states: Record<number, CourseWeekListItem['translations']> = {};
  for (let week = 1; week <= 52; week += 1) {
    for (const edition of ['en', 'es'] as const) {
      stored.set(`${edition} ${week}`, {
        weekNumber: week,
        title: weekContent(week, edition).title,
        status: 'default',
        updatedAt: '2026-11-23T10:00:00.000Z',
        ...(edition === 'es' ? { locale: 'es' } : {}),
        content: weekContent(week, edition),
      });
    }
    states[week] = { es: week === 1 ? 'missing' : week === 2 ? 'outdated' : 'upToDate' };
  }
  const key = (input: unknown) => {
    const { weekNumber, locale } = input as { weekNumber: number; locale?: Edition };
    return `${locale ?? 'en'} ${weekNumber}`;
  };
  return stubTrpcFetch({
    'courseContent.list': () => ({
      data: Array.from({ length: 52 }, (_, index) => {
        const { content: _content, locale: _locale, ...item } = stored.get(`en ${index + 1}`)!;
        return { ...item, translations: states[index + 1] };
      }),
    }),
    'courseContent.get': (input) => ({ data: stored.get(key(input)) }),
    'courseContent.history': () => ({ data: [] }),
    'courseContent.save': (input) => {
      const { weekNumber, content, locale } = input as {
        weekNumber: number;
        content: WeekContentData;
        locale?: Edition;
      };
      const saved: CourseWeek = {
        weekNumber,
        title: content.title,
        status: 'edited',
        updatedAt: '2026-11-23T11:00:00.000Z',
        ...(locale ? { locale } : {}),
        content,
      };
      stored.set(key(input), saved);
      if (locale === 'es') states[weekNumber] = { es: 'upToDate' };
      return { data: saved };
    },
  });
}

function renderPage(weekNumber: number) {
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <CourseContentPage
        weekNumber={weekNumber}
        onSelectWeek={vi.fn()}
        renderPreview={(content) => <p>{content.title}</p>}
      />
    </QueryClientProvider>,
  );
}

function stubWideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the course editor in two languages', { timeout: 20_000 }, () => {
  it('names in words the weeks whose Spanish is missing or older than the English', async () => {
    fakeServer();
    renderPage(3);
    const weeks = await screen.findByRole('navigation', { name: 'Weeks of the course' });
    await waitFor(() => expect(within(weeks).getAllByRole('button')).toHaveLength(52));
    expect(within(weeks).getByRole('button', { name: /^Week 1: .*No Spanish/ })).toBeInTheDocument();
    expect(within(weeks).getByRole('button', { name: /^Week 2: .*Spanish outdated/ })).toBeInTheDocument();
    expect(within(weeks).getByRole('button', { name: /^Week 3: / })).not.toHaveTextContent(/Spanish/);
  });

  it('on a narrow screen, a tab per language; the Spanish saved with its locale, its questions kept', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    renderPage(2);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Week title 2');
    // The English edition adds and moves questions; the Spanish one only translates them.
    expect(screen.getByRole('button', { name: 'Add question' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Spanish' }));
    const spanish = await screen.findByRole('tabpanel', { name: 'Spanish' });
    expect(within(spanish).getByText(/English edition changed after this translation/)).toBeInTheDocument();
    const title = within(spanish).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Título 2');
    expect(within(spanish).queryByRole('button', { name: 'Add question' })).not.toBeInTheDocument();
    expect(within(spanish).queryByRole('button', { name: 'Remove card 1' })).not.toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Hablar de dinero');
    await user.click(within(spanish).getAllByRole('button', { name: 'Save Content' })[0]!);

    expect(await screen.findByText('Content Saved')).toBeInTheDocument();
    const saves = server.calls.filter((call) => call.path === 'courseContent.save').map((call) => call.input);
    expect(saves).toEqual([
      { weekNumber: 2, locale: 'es', content: expect.objectContaining({ title: 'Hablar de dinero' }) },
    ]);
    const weeks = screen.getByRole('navigation', { name: 'Weeks of the course' });
    await waitFor(() =>
      expect(within(weeks).getByRole('button', { name: /^Week 2: / })).not.toHaveTextContent(/Spanish/),
    );
    // Switching back keeps the English edition as it was, saved with no locale (English).
    await user.click(screen.getByRole('tab', { name: 'English' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Week title 2');
  });

  it('on a wide screen, both editions side by side', async () => {
    stubWideScreen();
    fakeServer();
    renderPage(1);
    const english = await screen.findByRole('region', { name: 'English edition' });
    const spanish = screen.getByRole('region', { name: 'Spanish edition' });
    expect(await within(english).findByRole('textbox', { name: 'Title' })).toHaveValue('Week title 1');
    expect(await within(spanish).findByRole('textbox', { name: 'Title' })).toHaveValue('Título 1');
    expect(within(spanish).getByText(/No Spanish version yet/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Spanish' })).not.toBeInTheDocument();
  });

  it('speaks Spanish to a Spanish-speaking seller, with no English left', async () => {
    i18n.activate('es');
    fakeServer();
    renderPage(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contenido del curso' })).toBeInTheDocument();
    const weeks = await screen.findByRole('navigation', { name: 'Semanas del curso' });
    await waitFor(() => expect(within(weeks).getAllByRole('button')).toHaveLength(52));
    expect(within(weeks).getByRole('button', { name: /^Semana 1: .*Sin español/ })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Título' })).toHaveValue('Week title 2');
    expect(screen.getByRole('button', { name: 'Agregar pregunta' })).toBeInTheDocument();
    const page = document.body.textContent ?? '';
    for (const english of [
      'Course content',
      'Save Content',
      'Revert to default',
      'Reflection questions',
      'Edited',
      'Default',
      'Add ',
      'weeks edited',
      'Preview',
      'History',
      'Spanish',
    ]) {
      expect(page, english).not.toContain(english);
    }
  });
});
