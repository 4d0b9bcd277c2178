import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeekContent, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { i18n } from '../../i18n/i18n';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { renderWithQueryClient } from '../workbook/test-support';
import { WorkbookPanel } from '../workbook/workbook-panel';
import { LanguageFallbackNotice } from './language-fallback-notice';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONTENT: WeekContent = {
  weekNumber: 3,
  contentWeek: 3,
  isFallback: false,
  title: 'Money Talks',
  focus: 'money',
  objective: 'Talk about money.',
  reflectionQuestions: [{ id: 'w03-q1', question: 'Save or spend?', topic: 'saving' }],
  discussionPrompts: ['Share.'],
  activity: { title: 'Budget', description: 'Make one.', steps: [] },
  commitmentExamples: ['Track spending.'],
  conversationCards: [{ id: 'w03-c1', text: 'A money memory?' }],
};

const EMPTY: WorkbookAnswersView = {
  reflectionAnswers: {},
  discussionNotes: '',
  activityResponse: '',
  weeklyCommitment: '',
  conversationCards: {},
  revision: 0,
  earlier: { reflectionAnswers: [], conversationCards: [] },
};

function serve(content: WeekContent) {
  return stubTrpcFetch({
    'workbook.content': () => ({ data: content }),
    'partners.weekShare': () => ({
      data: {
        weekNumber: 3,
        privateAnswers: false,
        you: null,
        shared: { partner1: null, partner2: null },
        revealed: false,
      },
    }),
    'workbook.answers': () => ({ data: EMPTY }),
    'workbook.summary': () => ({ data: { summary: null } }),
  });
}

async function renderWeek(content: WeekContent) {
  serve(content);
  renderWithQueryClient(
    <WorkbookPanel
      weekNumber={3}
      partnerNames={{ partner1: 'Robin', partner2: 'Casey' }}
      onChooseWeek={() => {}}
      renderFallbackNotice={(fallback) => <LanguageFallbackNotice fallback={fallback} />}
    />,
  );
  await screen.findByLabelText(/Save or spend\?/);
}

describe('the week shown in English to a reader of Spanish', () => {
  it('says so in Spanish above the week when the server fell back to English', async () => {
    i18n.activate('es');
    await renderWeek({ ...CONTENT, locale: 'en', languageFallback: true });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Esta semana aún no está disponible en español; se muestra en inglés.',
    );
  });

  it('says so in English to a reader who switched to English meanwhile', async () => {
    await renderWeek({ ...CONTENT, languageFallback: true });
    expect(
      screen.getByText('This week is not available in Spanish yet, so it is shown in English.'),
    ).toBeInTheDocument();
  });

  it('says nothing when the week is in the reader\u2019s language', async () => {
    i18n.activate('es');
    await renderWeek({ ...CONTENT, languageFallback: false });
    expect(screen.queryByText(/aún no está disponible en español/)).not.toBeInTheDocument();
  });
});
