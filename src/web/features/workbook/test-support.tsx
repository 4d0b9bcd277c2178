import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Partner } from '../../../shared/constants';
import type { WeekContent, WorkbookAnswers, WorkbookAnswersView } from '../../../shared/workbook-schemas';
import { renderWithProviders } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { createQueryClient } from '../../trpc';

/**
 * Renders `ui` with the app's providers and a fresh query client (the app's defaults); `rerender`
 * keeps the same client, as the dashboard does when it passes another week.
 */
export function renderWithQueryClient(ui: ReactNode) {
  const queryClient = createQueryClient();
  const withClient = (node: ReactNode) => <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>;
  const view = renderWithProviders(withClient(ui));
  return { queryClient, ...view, rerender: (node: ReactNode) => view.rerender(withClient(node)) };
}

/** Answers to a week's one reflection question, `questionId` (empty: no answer). */
export function oneAnswer(questionId: string, answer: string): WorkbookAnswers {
  return {
    reflectionAnswers: answer ? { [questionId]: answer } : {},
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: {},
  };
}

/** The same, as the server answers them, at a revision. */
export function oneAnswerView(questionId: string, answer: string, revision: number): WorkbookAnswersView {
  return { ...oneAnswer(questionId, answer), revision, earlier: { reflectionAnswers: [], conversationCards: [] } };
}

export interface SaveCall {
  weekNumber: number;
  partner: Partner;
  baseRevision?: number;
  reflectionAnswers: Record<string, string>;
}

/**
 * A server holding partner1's answer to a one-question week at a revision (partner2 has none); a
 * save from another revision is refused (409, with what it holds). Each save waits for `held`.
 */
export function revisionedAnswersServer(
  content: WeekContent,
  initial: { answer: string; revision: number },
  held?: Promise<void>,
) {
  const questionId = content.reflectionQuestions[0]!.id;
  const view = (answer: string, revision: number) => oneAnswerView(questionId, answer, revision);
  const stored = { ...initial };
  const saves: SaveCall[] = [];
  const stub = stubTrpcFetch({
    'workbook.content': () => ({ data: content }),
    'workbook.answers': (input) =>
      (input as { partner: Partner }).partner === 'partner1'
        ? { data: view(stored.answer, stored.revision) }
        : { data: view('', 0) },
    'workbook.summary': () => ({ data: { summary: null } }),
    'workbook.saveAnswers': async (input) => {
      const call = input as SaveCall;
      saves.push(call);
      await held;
      if (call.baseRevision !== stored.revision) {
        return {
          error: {
            message: 'Changed elsewhere.',
            httpStatus: 409,
            extra: { current: view(stored.answer, stored.revision) },
          },
        };
      }
      stored.answer = call.reflectionAnswers[questionId] ?? '';
      stored.revision += 1;
      return { data: view(stored.answer, stored.revision) };
    },
  });
  return { stored, saves, stub };
}
