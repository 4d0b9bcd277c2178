import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../db/migrations/index';
import { migrateToLatest } from '../../db/migrate';
import { useDatabaseBefore } from '../../test/harness';
import { bundledContentLibrary } from './content-library';
import { seedWeekContent } from './course-content';
import { toResponse } from './answers';
import * as repo from './repo';

const MIGRATION = '2026-11-23T1100-week-content-and-answers-by-id';

/** A database as the version before the migration left it. */
const previousVersion = useDatabaseBefore(MIGRATION);

describe(`migration ${MIGRATION}`, () => {
  it('keys every answer stored by position with the id of the question at that position, losing none', async () => {
    const { db } = await previousVersion();
    const couple = await sql<{ id: number }>`
      insert into couples (access_level, created_at) values ('full', '2026-01-01T00:00:00.000Z') returning id`.execute(
      db,
    );
    const coupleId = couple.rows[0]!.id;
    const store = (week: number, partner: string, reflection: unknown, cards: unknown) =>
      sql`insert into workbook_responses (couple_id, week_number, partner, reflection_answers, discussion_notes, conversation_cards, updated_at)
          values (${coupleId}, ${week}, ${partner}, ${JSON.stringify(reflection)}, 'notes', ${JSON.stringify(cards)}, '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
    const overflow = Array.from({ length: 20 }, (_, index) => `answer ${index + 1}`);
    await store(1, 'partner1', ['one', '', 'three'], ['card one']);
    await store(4, 'partner2', overflow, ['a', 'b', 'c', 'd', 'e']);
    await store(7, 'partner1', [], []);

    await migrateToLatest(db, migrations);
    await seedWeekContent(db);

    const answers = async (week: number, partner: 'partner1' | 'partner2') =>
      (await repo.findResponse(db, coupleId, week, partner))!;
    expect(await answers(1, 'partner1')).toEqual({
      reflectionAnswers: { 'w01-q1': 'one', 'w01-q2': '', 'w01-q3': 'three' },
      discussionNotes: 'notes',
      activityResponse: '',
      weeklyCommitment: '',
      conversationCards: { 'w01-c1': 'card one' },
      // Rows saved before revisions were counted start at 1 (decision 0267).
      revision: 1,
      // Nor was the language they were written in kept: not known.
      language: null,
    });
    // Week 4 has 5 questions and 4 cards: the items beyond them are kept under their position.
    const week4 = await answers(4, 'partner2');
    expect(Object.keys(week4.reflectionAnswers).slice(0, 6)).toEqual([
      'w04-q1',
      'w04-q2',
      'w04-q3',
      'w04-q4',
      'w04-q5',
      '#6',
    ]);
    expect(week4.conversationCards).toEqual({ 'w04-c1': 'a', 'w04-c2': 'b', 'w04-c3': 'c', 'w04-c4': 'd', '#5': 'e' });
    expect(await answers(7, 'partner1')).toMatchObject({ reflectionAnswers: {}, conversationCards: {} });

    // Read through the seeded content, every list is exactly what the couple had.
    const content = (week: number) => bundledContentLibrary().ownContent(week)!;
    expect(toResponse(await answers(1, 'partner1'), content(1)).reflectionAnswers).toEqual(['one', '', 'three']);
    expect(toResponse(week4, content(4))).toMatchObject({
      reflectionAnswers: overflow,
      conversationCards: ['a', 'b', 'c', 'd', 'e'],
    });
  });

  it('creates the content tables empty; the start-up step fills all 52 weeks once, in English and Spanish', async () => {
    const { db } = await previousVersion();
    await migrateToLatest(db, migrations);
    expect(await repo.listWeekContents(db)).toEqual([]);
    expect(await seedWeekContent(db)).toEqual({ inserted: 104, refreshed: 0 });
    expect(await repo.listWeekContents(db, 'es')).toHaveLength(52);
    expect(await seedWeekContent(db)).toEqual({ inserted: 0, refreshed: 0 });
  });
});
