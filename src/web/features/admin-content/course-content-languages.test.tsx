import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alignTranslation, sameItemIds } from '../../../shared/course-translation';
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
    // Like the server: a Spanish edition whose ids no longer match the English ones is offered
    // brought to them.
    'courseContent.get': (input) => {
      const week = stored.get(key(input))!;
      const english = stored.get(`en ${week.weekNumber}`)!;
      if (week.locale !== 'es' || sameItemIds(week.content, english.content)) return { data: week };
      const { content, untranslated } = alignTranslation(week.content, english.content);
      return { data: { ...week, content, realigned: { untranslated } } };
    },
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
      else if (!sameItemIds(content, stored.get(`es ${weekNumber}`)!.content)) states[weekNumber] = { es: 'missing' };
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
    // A note, not an alert: it is there as the edition opens (Mantine's Alert is role=alert unless told).
    expect(within(spanish).getByRole('note')).toHaveTextContent(/English edition changed after this translation/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
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
    expect(within(spanish).getByRole('note')).toHaveTextContent(/No Spanish version yet/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(screen.queryByRole('tab', { name: 'Spanish' })).not.toBeInTheDocument();
  });

  it('after an English question is added, the Spanish edition shows it to translate, keeps the rest, and saves', async () => {
    stubWideScreen();
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    renderPage(3);
    const english = await screen.findByRole('region', { name: 'English edition' });
    const spanish = screen.getByRole('region', { name: 'Spanish edition' });
    expect(await within(spanish).findByRole('textbox', { name: 'Question 1' })).toHaveValue('¿Primera pregunta?');

    await user.click(await within(english).findByRole('button', { name: 'Add question' }));
    await user.type(within(english).getByRole('textbox', { name: 'Question 2' }), 'A new question?');
    await user.type(within(english).getByRole('textbox', { name: /^Summary topic of question 2/ }), 'new things');
    await user.click(within(english).getAllByRole('button', { name: 'Save Content' })[0]!);
    expect(await screen.findByText('Content Saved')).toBeInTheDocument();

    // The Spanish edition follows the English questions: its translation kept, the new one in English, marked.
    const added = await within(spanish).findByRole('textbox', { name: 'Question 2' });
    expect(added).toHaveValue('A new question?');
    expect(added).toHaveAccessibleDescription(/New in English: translate it/);
    expect(within(spanish).getByRole('textbox', { name: 'Question 1' })).toHaveValue('¿Primera pregunta?');
    expect(within(spanish).getByRole('textbox', { name: 'Question 1' })).not.toHaveAccessibleDescription(
      /New in English/,
    );
    expect(
      within(spanish).getByText(/questions or cards changed since this translation was saved/),
    ).toBeInTheDocument();
    expect(within(spanish).queryByText(/No Spanish version yet/)).not.toBeInTheDocument();

    // Not saved while it is still the English text.
    const saveSpanish = () => user.click(within(spanish).getAllByRole('button', { name: 'Save Content' })[0]!);
    await saveSpanish();
    expect(await within(spanish).findAllByText('Still the English text: translate it before saving.')).toHaveLength(2);
    const spanishSaves = () =>
      server.calls.filter((call) => call.path === 'courseContent.save' && (call.input as { locale?: string }).locale);
    expect(spanishSaves()).toEqual([]);

    await user.clear(added);
    await user.type(added, '¿Una pregunta nueva?');
    const topic = within(spanish).getByRole('textbox', { name: /^Summary topic of question 2/ });
    await user.clear(topic);
    await user.type(topic, 'cosas nuevas');
    expect(added).not.toHaveAccessibleDescription(/New in English/);
    await saveSpanish();
    await waitFor(() => expect(spanishSaves()).toHaveLength(1));
    const saved = (spanishSaves()[0]!.input as { content: WeekContentData }).content;
    expect(saved.reflectionQuestions.map((question) => question.id)).toEqual([
      'w02-q1',
      expect.stringMatching(/^w03-q-/),
    ]);
    expect(saved.reflectionQuestions.map((question) => question.question)).toEqual([
      '¿Primera pregunta?',
      '¿Una pregunta nueva?',
    ]);
    expect(saved.title).toBe('Título 3');
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
