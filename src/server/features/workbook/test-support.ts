import type { WorkbookResponse } from '../../../shared/workbook-schemas';
import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';

/** Marks weeks completed for a couple, straight in the progress table (to unlock later weeks). */
export async function completeWeeks(deps: AppDeps, coupleId: number, weeks: number[]): Promise<void> {
  const now = nowIso();
  for (const week of weeks) {
    await deps.db
      .insertInto('progress')
      .values({ couple_id: coupleId, week_number: week, notes: '', rating: null, completed_at: now, updated_at: now })
      .execute();
  }
}

/** A filled-in response; override any field. */
export function responseFixture(overrides: Partial<WorkbookResponse> = {}): WorkbookResponse {
  return {
    reflectionAnswers: ['I feel heard when you put your phone down and look at me.', '', 'I go quiet.'],
    discussionNotes: 'We agreed on a signal: "ear, not advice".',
    activityResponse: 'The listening swap felt slow at first, then easy.',
    weeklyCommitment: 'I will put my phone away at dinner.',
    conversationCards: ['The walk home on Tuesday.', '', ''],
    ...overrides,
  };
}
