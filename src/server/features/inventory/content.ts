import { AppError } from '../../../shared/errors';
import {
  type InventoryLocale,
  type InventoryTopic,
  type InventoryTopicAdminView,
  type InventoryTopicView,
  inventoryTopicSchema,
  SAFETY_TOPIC,
} from '../../../shared/inventory-schemas';
import { type DB, nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import type { AdminAuth } from '../auth/access';
import { recordAdminAction } from '../audit/service';
import * as repo from './repo';
import bundled from './statements.json' with { type: 'json' };

/*
 * The inventory's statements in the database, the bundled statements.json as their default, as the
 * weeks are (decisions 0125 and 0235): one row per topic, seeded at start-up, edited by the seller
 * (both languages side by side), put back to the default on request. Ids and the private flag are
 * the bundled file's: the seller edits texts and weeks, never which statements exist or which are
 * private (answers are stored against the ids; a safety statement cannot be made shareable).
 */

interface BundledFile {
  topics: { id: string; title: { en: string; es: string }; weeks: number[] }[];
  statements: { id: string; topic: string; en: string; es: string; private?: boolean }[];
}

/** The bundled topics in order, each with its statements, validated by the shared schema. */
export function bundledTopics(file: BundledFile = bundled as BundledFile): InventoryTopic[] {
  return file.topics.map((topic) =>
    inventoryTopicSchema.parse({
      ...topic,
      statements: file.statements
        .filter((statement) => statement.topic === topic.id)
        .map(({ id, en, es, private: isPrivate }) => (isPrivate ? { id, en, es, private: true } : { id, en, es })),
    }),
  );
}

let bundledCache: InventoryTopic[] | undefined;
function defaults(): InventoryTopic[] {
  bundledCache ??= bundledTopics();
  return bundledCache;
}

function serialize(topic: InventoryTopic): string {
  return JSON.stringify(inventoryTopicSchema.parse(topic));
}

function parseStored(json: string): InventoryTopic | undefined {
  try {
    const parsed = inventoryTopicSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Start-up step (every start, idempotent): stores each bundled topic that has no row, and moves a
 * topic the seller never edited to a changed bundled default. An edited topic is never touched.
 */
export async function seedInventoryTopics(
  db: DB,
  now: string = nowIso(),
): Promise<{ inserted: number; refreshed: number }> {
  const stored = new Map((await repo.listTopics(db)).map((row) => [row.topicId, row]));
  let inserted = 0;
  let refreshed = 0;
  const topics = defaults();
  await db.transaction().execute(async (trx) => {
    for (const [position, topic] of topics.entries()) {
      const content = serialize(topic);
      const row = stored.get(topic.id);
      const next = { topicId: topic.id, position, content, status: 'default' as const, updatedAt: now };
      if (!row) {
        if (await repo.insertTopicIfMissing(trx, next)) inserted += 1;
      } else if (row.status === 'default' && (row.content !== content || row.position !== position)) {
        if (await repo.replaceTopic(trx, next, { expectedUpdatedAt: row.updatedAt })) refreshed += 1;
      }
    }
  });
  return { inserted, refreshed };
}

/**
 * The current topics: the stored version of each bundled topic (its default when the row is
 * missing or unreadable), in the bundled order. The bundled file decides which topics and
 * statements exist and which are private; a stored edit supplies the texts and weeks.
 */
export async function currentTopics(db: DB): Promise<InventoryTopic[]> {
  const stored = new Map((await repo.listTopics(db)).map((row) => [row.topicId, row]));
  return defaults().map((topic) => {
    const row = stored.get(topic.id);
    const edited = row ? parseStored(row.content) : undefined;
    return edited ? withBundledShape(topic, edited) : topic;
  });
}

/** An edited topic held to the bundled ids and private flags (texts from the edit where it has them). */
function withBundledShape(bundledTopic: InventoryTopic, edited: InventoryTopic): InventoryTopic {
  const texts = new Map(edited.statements.map((statement) => [statement.id, statement]));
  return {
    id: bundledTopic.id,
    title: edited.title,
    weeks: edited.weeks,
    statements: bundledTopic.statements.map((statement) => {
      const text = texts.get(statement.id);
      return { ...statement, en: text?.en ?? statement.en, es: text?.es ?? statement.es };
    }),
  };
}

/** The topics in one language, as a partner answers them. */
export function topicsIn(topics: InventoryTopic[], locale: InventoryLocale): InventoryTopicView[] {
  return topics.map((topic) => ({
    id: topic.id,
    title: topic.title[locale],
    weeks: topic.weeks,
    statements: topic.statements.map((statement) => ({
      id: statement.id,
      text: statement[locale],
      private: statement.private === true,
    })),
  }));
}

/** The ids of the private (safety) statements of the bundled file. */
export function privateStatementIds(): Set<string> {
  return new Set(
    defaults().flatMap((topic) =>
      topic.statements.filter((statement) => statement.private).map((statement) => statement.id),
    ),
  );
}

// --------------------------------------------------------- The seller's editing (admin procedures)

export interface InventoryEditor {
  admin: AdminAuth;
  address?: string | null;
}

function bundledTopic(topicId: string): InventoryTopic {
  const topic = defaults().find((candidate) => candidate.id === topicId);
  if (!topic) throw new AppError('NOT_FOUND', `No inventory topic "${topicId}".`);
  return topic;
}

async function adminView(db: DB, topicId: string): Promise<InventoryTopicAdminView> {
  const topic = bundledTopic(topicId);
  const row = await repo.findTopic(db, topicId);
  const edited = row ? parseStored(row.content) : undefined;
  return {
    topic: edited ? withBundledShape(topic, edited) : topic,
    status: edited && row ? row.status : 'default',
    updatedAt: row?.updatedAt ?? '',
    private: topic.id === SAFETY_TOPIC,
  };
}

export async function listInventoryTopicsForEditing(deps: AppDeps): Promise<InventoryTopicAdminView[]> {
  const rows = new Map((await repo.listTopics(deps.db)).map((row) => [row.topicId, row]));
  const topics = await currentTopics(deps.db);
  return topics.map((topic) => ({
    topic,
    status: rows.get(topic.id)?.status ?? 'default',
    updatedAt: rows.get(topic.id)?.updatedAt ?? '',
    private: topic.id === SAFETY_TOPIC,
  }));
}

export async function getInventoryTopicForEditing(deps: AppDeps, topicId: string): Promise<InventoryTopicAdminView> {
  return adminView(deps.db, topicId);
}

/**
 * Saves the seller's edit of a topic: the same statements (ids, order and private flags) as the
 * bundled topic, new texts and weeks (400 naming what differs). A save equal to the default is
 * `default` again.
 */
export async function saveInventoryTopic(
  deps: AppDeps,
  editor: InventoryEditor,
  topic: InventoryTopic,
): Promise<InventoryTopicAdminView> {
  const original = bundledTopic(topic.id);
  const ids = topic.statements.map((statement) => statement.id).join(',');
  if (ids !== original.statements.map((statement) => statement.id).join(',')) {
    throw new AppError(
      'BAD_REQUEST',
      "statements: the ids must be the topic's own, in order (texts can change, statements cannot be added or removed).",
    );
  }
  const shaped = withBundledShape(original, topic);
  if (
    topic.statements.some(
      (statement, index) => Boolean(statement.private) !== Boolean(original.statements[index]!.private),
    )
  ) {
    throw new AppError('BAD_REQUEST', 'statements: which statements are private cannot change.');
  }
  const content = serialize(shaped);
  const status = content === serialize(original) ? 'default' : 'edited';
  const position = defaults().indexOf(original);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findTopic(trx, topic.id);
    if (row && row.content === content && row.status === status) return;
    const next = { topicId: topic.id, position, content, status: status as 'default' | 'edited', updatedAt: now };
    if (!row) await repo.insertTopicIfMissing(trx, next);
    else await repo.replaceTopic(trx, next);
    await recordAdminAction(trx, editor.admin, status === 'default' ? 'inventory.revert' : 'inventory.save', {
      target: `inventory topic ${topic.id}`,
      address: editor.address ?? null,
    });
  });
  return adminView(deps.db, topic.id);
}

/** Puts the bundled default of a topic back. */
export async function revertInventoryTopic(
  deps: AppDeps,
  editor: InventoryEditor,
  topicId: string,
): Promise<InventoryTopicAdminView> {
  return saveInventoryTopic(deps, editor, bundledTopic(topicId));
}
