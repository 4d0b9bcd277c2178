import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseWeek, CourseWeekListItem, WeekContentData } from '../../../shared/workbook-schemas';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderApp, renderWithProviders } from '../../test/render';
import { ADMIN_CHECK } from '../auth/test-support';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { createQueryClient } from '../../trpc';
import { CourseContentPage } from './course-content-page';

function weekContent(weekNumber: number): WeekContentData {
  return {
    weekNumber,
    title: `Week title ${weekNumber}`,
    focus: 'a focus',
    objective: 'An objective.',
    reflectionQuestions: [
      { id: 'w02-q1', question: 'First question?', topic: 'first' },
      { id: 'w02-q2', question: 'Second question?', topic: 'second' },
    ],
    discussionPrompts: ['A prompt.'],
    activity: { title: 'An activity', description: 'Do it.', steps: ['Step one.'] },
    commitmentExamples: ['An example.'],
    conversationCards: [{ id: 'w02-c1', text: 'A card?' }],
  };
}

function fakeServer() {
  const stored = new Map<number, CourseWeek>();
  for (let week = 1; week <= 52; week += 1) {
    stored.set(week, {
      weekNumber: week,
      title: `Week title ${week}`,
      status: 'default',
      updatedAt: '2026-11-23T10:00:00.000Z',
      content: weekContent(week),
    });
  }
  const list = (): CourseWeekListItem[] => [...stored.values()].map(({ content: _content, ...item }) => item);
  return stubTrpcFetch({
    'courseContent.list': () => ({ data: list() }),
    'courseContent.get': (input) => ({ data: stored.get((input as { weekNumber: number }).weekNumber) }),
    'courseContent.history': () => ({ data: [] }),
    'courseContent.save': (input) => {
      const { weekNumber, content } = input as { weekNumber: number; content: WeekContentData };
      const saved: CourseWeek = {
        weekNumber,
        title: content.title,
        status: 'edited',
        updatedAt: '2026-11-23T11:00:00.000Z',
        content,
      };
      stored.set(weekNumber, saved);
      return { data: saved };
    },
  });
}

function renderPage(weekNumber = 2) {
  const queryClient = createQueryClient();
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <CourseContentPage
        weekNumber={weekNumber}
        onSelectWeek={vi.fn()}
        renderPreview={(content) => <p>Preview of {content.reflectionQuestions[0]?.question}</p>}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

describe('CourseContentPage', { timeout: 15_000 }, () => {
  it('lists the 52 weeks with their status and edits the chosen one', async () => {
    const server = fakeServer();
    renderPage(2);
    const weeks = await screen.findByRole('navigation', { name: 'Weeks of the course' });
    await waitFor(() => expect(within(weeks).getAllByRole('button')).toHaveLength(52));
    expect(within(weeks).getByRole('button', { name: /^Week 2: Week title 2 Default/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('textbox', { name: 'Question 1' })).toHaveValue('First question?');
    expect(server.calls.some((call) => call.path === 'courseContent.get')).toBe(true);
  });

  it('checks every field before sending, naming it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    renderPage(2);
    await user.clear(await screen.findByRole('textbox', { name: 'Summary topic of question 2' }));
    await user.click(screen.getAllByRole('button', { name: 'Save Content' })[0]!);
    expect(await screen.findByText('Some fields need attention')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Summary topic of question 2' })).toHaveAccessibleDescription(
      /must not be empty/,
    );
    expect(server.calls.filter((call) => call.path === 'courseContent.save')).toEqual([]);
  });

  // Issue 35: a Spanish admin page said "must not be empty", the shared schema's English.
  it("says what a refused field needs in the page's language", async () => {
    i18n.activate('es');
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    renderPage(2);
    const topic = await screen.findByRole('textbox', { name: 'Tema de la pregunta 2 en el resumen' });
    await user.clear(topic);
    await user.clear(screen.getByRole('textbox', { name: 'Título' }));
    await user.click(screen.getByRole('textbox', { name: 'Título' }));
    await user.paste('x'.repeat(201));
    await user.click(screen.getAllByRole('button', { name: 'Guardar contenido' })[0]!);
    expect(await screen.findByText('Algunos campos necesitan atención')).toBeInTheDocument();
    expect(topic).toHaveAccessibleDescription(/^Escribe algo aquí: no puede quedar vacío\. Cómo la nombra/);
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveAccessibleDescription(
      'Usa como máximo 200 caracteres.',
    );
    expect(document.body.textContent).not.toMatch(/must|characters/);
    expect(server.calls.filter((call) => call.path === 'courseContent.save')).toEqual([]);
  });

  it('names a field the server refused all the same by its label, in either language', async () => {
    const refuse = () => {
      const server = fakeServer();
      server.on('courseContent.save', () => ({
        error: { message: 'content.conversationCards.0.text: must be at most 2,000 characters', httpStatus: 400 },
      }));
    };
    const user = userEvent.setup({ delay: null });
    refuse();
    const english = renderPage(2);
    await user.click((await screen.findAllByRole('button', { name: 'Save Content' }))[0]!);
    expect(await screen.findByText('Card 1: must be at most 2,000 characters')).toBeInTheDocument();
    english.unmount();

    i18n.activate('es');
    refuse();
    renderPage(2);
    await user.click((await screen.findAllByRole('button', { name: 'Guardar contenido' }))[0]!);
    expect(await screen.findByText('Tarjeta 1: Este dato no es válido')).toBeInTheDocument();
  });

  // QA walk (issue 35): Save Content is disabled while its request runs and the saved version's
  // editor is drawn anew, and the browser dropped the keyboard focus to the top of the page.
  it('keeps the focus on the Save Content button it was on once the week is saved, and when refused', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    dropFocusFromDisabledControls();
    renderPage(2);
    await user.type(await screen.findByRole('textbox', { name: 'Question 1' }), ' Really?');
    // The second of the two: the one under the form.
    screen.getAllByRole('button', { name: 'Save Content' })[1]!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Content Saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Save Content' })[1]),
    );

    server.on('courseContent.save', () => ({ error: { message: 'Something went wrong.', httpStatus: 500 } }));
    await user.keyboard('{Enter}');
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await notifications.findByRole('alert')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Save Content' })[1]),
    );
  });

  // QA walk (issue 35): Restore and the dialog's Revert are disabled while their request runs, and the
  // version they put in place is drawn in a new editor (Revert then disabled, the History tab closed):
  // the browser dropped the keyboard focus to the top of the page.
  it('moves the focus to the editor’s heading once a version is restored or reverted, and keeps it on the button when refused', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    let week: CourseWeek = {
      weekNumber: 2,
      title: 'Our own title',
      status: 'edited',
      updatedAt: '2026-11-23T11:00:00.000Z',
      content: weekContent(2),
    };
    const refused = { error: { message: 'Internal error', httpStatus: 500 } } as const;
    server.on('courseContent.get', () => ({ data: week }));
    server.on('courseContent.history', () => ({
      data: [
        {
          id: 5,
          weekNumber: 2,
          title: 'Week title 2',
          status: 'default',
          savedAt: '2026-11-20T10:00:00.000Z',
          replacedAt: '2026-11-23T11:00:00.000Z',
        },
      ],
    }));
    server.on('courseContent.restore', () => refused);
    server.on('courseContent.revert', () => refused);
    dropFocusFromDisabledControls();
    renderPage(2);
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    await screen.findByRole('textbox', { name: 'Question 1' });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const restore = await screen.findByRole('button', { name: /^Restore the version in use until/ });
    restore.focus();
    await user.keyboard('{Enter}');
    expect(await notifications.findByText('Internal error')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(restore));

    server.on('courseContent.restore', () => {
      week = { ...week, title: 'Week title 2', updatedAt: '2026-11-23T12:00:00.000Z' };
      return { data: week };
    });
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Version Restored')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Week 2' })));

    await user.click(screen.getByRole('button', { name: 'Revert to default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert to default' });
    const confirm = within(dialog).getByRole('button', { name: 'Revert Week 2' });
    confirm.focus();
    await user.keyboard('{Enter}');
    expect(await notifications.findByText('Revert Failed')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(confirm));

    server.on('courseContent.revert', () => {
      week = { ...week, status: 'default', updatedAt: '2026-11-23T13:00:00.000Z' };
      return { data: week };
    });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Week 2' })));
  });

  it('reorders, adds and removes questions keeping their ids, saves, and marks the week edited', async () => {
    const user = userEvent.setup({ delay: null });
    const server = fakeServer();
    renderPage(2);
    await user.click(await screen.findByRole('button', { name: 'Move question 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 3' }), 'A new one?');
    await user.type(screen.getByRole('textbox', { name: 'Summary topic of question 3' }), 'something new');
    await user.click(screen.getByRole('button', { name: 'Remove card 1' }));
    // One card is the least a week has: the last card cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove card 1' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Preview of Second question?')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Save Content' })[0]!);
    expect(await screen.findByText('Content Saved')).toBeInTheDocument();
    const saved = server.calls.find((call) => call.path === 'courseContent.save')!.input as {
      content: WeekContentData;
    };
    expect(saved.content.reflectionQuestions.map((question) => question.id)).toEqual([
      'w02-q2',
      'w02-q1',
      expect.stringMatching(/^w02-q-[a-z0-9]{5}$/),
    ]);
    const weeks = screen.getByRole('navigation', { name: 'Weeks of the course' });
    expect(await within(weeks).findByRole('button', { name: /^Week 2: Week title 2 Edited/ })).toBeInTheDocument();
  });

  it("shows the plan feature's core-week switch for the week (the route passes it in)", async () => {
    const server = fakeServer();
    server.on('auth.check', () => ({ data: ADMIN_CHECK }));
    server.on('adminPlan.coreWeeks', () => ({ data: { coreWeeks: [1, 2] } }));
    renderApp('/admin/content?week=2');
    expect(await screen.findByRole('switch', { name: 'Core week' })).toBeChecked();
  });

  it('asks before leaving a week with unsaved changes: keep editing, or discard and go', async () => {
    const server = fakeServer();
    server.on('auth.check', () => ({ data: ADMIN_CHECK }));
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/content?week=2');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'A better title');
    const weeks = screen.getByRole('navigation', { name: 'Weeks of the course' });

    await user.click(within(weeks).getByRole('button', { name: /^Week 3: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('A better title');
    expect(within(weeks).getByRole('button', { name: /^Week 2: / })).toHaveAttribute('aria-current', 'page');

    await user.click(within(weeks).getByRole('button', { name: /^Week 3: / }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Week title 3'));
    expect(server.calls.some((call) => call.path === 'courseContent.save')).toBe(false);

    // Nothing changed: moving on asks nothing.
    await user.click(within(weeks).getByRole('button', { name: /^Week 4: / }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Week title 4'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
