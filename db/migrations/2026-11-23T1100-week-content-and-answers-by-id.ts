import { type Kysely, sql } from 'kysely';

/**
 * Course content in the database, so the seller can edit it (decision 0125), and couples' answers
 * stored by question id instead of by position (decision 0126).
 *
 * `week_contents` holds the current version of each week (JSON of the shared content schema);
 * `week_content_versions` every version it replaced. The tables start empty: the server fills
 * them from the bundled files at start-up (an idempotent step, so a migration never imports src/).
 *
 * Answers: `reflection_answers` and `conversation_cards` were JSON arrays, one text per question or
 * card in the order of the bundled week; they become JSON objects keyed by the ids this version
 * gives the bundled questions and cards (`w04-q1`, `w04-c1`, numbered in that same order). An item
 * beyond the week's questions or cards (the REST API accepts up to 20) is kept under `#N`, its
 * position, so nothing is lost. The counts below are those of the bundled weeks at this version
 * (every week has 5 questions), copied here so the migration stays frozen when the files change.
 */
const QUESTIONS_PER_WEEK = 5;
const CARDS_PER_WEEK = [
  3, 3, 3, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
  4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4,
];

function weekPrefix(weekNumber: number): string {
  return `w${String(weekNumber).padStart(2, '0')}`;
}

/** A stored JSON array of texts as an object keyed by id (items beyond `count` under `#N`). */
function keyedByPosition(json: string, weekNumber: number, kind: 'q' | 'c', count: number): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return '{}';
  }
  if (!Array.isArray(value)) return json;
  const keyed: Record<string, string> = {};
  value.forEach((item, index) => {
    if (typeof item !== 'string') return;
    keyed[index < count ? `${weekPrefix(weekNumber)}-${kind}${index + 1}` : `#${index + 1}`] = item;
  });
  return JSON.stringify(keyed);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('week_contents')
    .addColumn('week_number', 'integer', (c) => c.primaryKey().check(sql`week_number between 1 and 52`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('default', 'edited')`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('week_content_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('week_number', 'integer', (c) => c.notNull().check(sql`week_number between 1 and 52`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('default', 'edited')`))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('week_content_versions_week')
    .on('week_content_versions')
    .columns(['week_number', 'id'])
    .execute();

  const rows = await db
    .selectFrom('workbook_responses')
    .select(['couple_id', 'week_number', 'partner', 'reflection_answers', 'conversation_cards'])
    .where((eb) => eb.or([eb('reflection_answers', 'like', '[%'), eb('conversation_cards', 'like', '[%')]))
    .execute();
  for (const row of rows) {
    await db
      .updateTable('workbook_responses')
      .set({
        reflection_answers: keyedByPosition(row.reflection_answers, row.week_number, 'q', QUESTIONS_PER_WEEK),
        conversation_cards: keyedByPosition(
          row.conversation_cards,
          row.week_number,
          'c',
          CARDS_PER_WEEK[row.week_number - 1] ?? 0,
        ),
      })
      .where('couple_id', '=', row.couple_id)
      .where('week_number', '=', row.week_number)
      .where('partner', '=', row.partner)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to arrays in the order of the bundled ids; answers to questions the seller added or
  // removed have no position and are dropped.
  const rows = await db
    .selectFrom('workbook_responses')
    .select(['couple_id', 'week_number', 'partner', 'reflection_answers', 'conversation_cards'])
    .execute();
  const toArray = (json: string, weekNumber: number, kind: 'q' | 'c', count: number) => {
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(json) as Record<string, unknown>;
    } catch {
      return '[]';
    }
    if (Array.isArray(value)) return json;
    const list: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const key = index < count ? `${weekPrefix(weekNumber)}-${kind}${index + 1}` : `#${index + 1}`;
      const item = value[key];
      if (typeof item === 'string') list[index] = item;
    }
    return JSON.stringify(Array.from(list, (item) => item ?? ''));
  };
  for (const row of rows) {
    await db
      .updateTable('workbook_responses')
      .set({
        reflection_answers: toArray(row.reflection_answers, row.week_number, 'q', QUESTIONS_PER_WEEK),
        conversation_cards: toArray(
          row.conversation_cards,
          row.week_number,
          'c',
          CARDS_PER_WEEK[row.week_number - 1] ?? 0,
        ),
      })
      .where('couple_id', '=', row.couple_id)
      .where('week_number', '=', row.week_number)
      .where('partner', '=', row.partner)
      .execute();
  }
  await db.schema.dropTable('week_content_versions').execute();
  await db.schema.dropTable('week_contents').execute();
}
