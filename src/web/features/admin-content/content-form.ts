import type { MessageId, MessageValues } from '../../../shared/i18n/locales';
import { type WeekContentData, weekContentSchema } from '../../../shared/workbook-schemas';
import type { z } from '../../../shared/zod';

/*
 * The course editor's rules, apart from the components: validation with the shared schema (the
 * server checks the same one), and new ids for added questions and cards.
 */

/** Field errors keyed by path (`title`, `reflectionQuestions.2.topic`, ...), the first per field. */
export type ContentErrors = Record<string, string>;

/** The page's text of a message id (useT's `t`). */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * What a refused field is told, in the page's language: the schema's rule (empty, too long, too
 * few or too many items, an id's form or its repeat) read from the issue's kind and limits, never
 * from the schema's English message (issue 35: a Spanish page showed "must not be empty").
 */
function problemText(issue: z.core.$ZodIssue, content: WeekContentData, t: Translate): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('content-editor.invalid.empty');
      if (issue.origin === 'array') return t('content-editor.invalid.fewItems', { min: Number(issue.minimum) });
      break;
    case 'too_big':
      if (issue.origin === 'string') return t('content-editor.invalid.tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return t('content-editor.invalid.manyItems', { max: Number(issue.maximum) });
      break;
    case 'invalid_format':
      if (issue.path.at(-1) === 'id') return t('content-editor.invalid.idFormat');
      break;
    case 'custom':
      // The one custom rule: an id given to two questions or cards of the week.
      if (issue.path.at(-1) === 'id')
        return t('content-editor.invalid.idTwice', { id: String(valueAt(content, issue.path)) });
      break;
  }
  return t('errors.field.invalid');
}

function valueAt(content: WeekContentData, path: readonly PropertyKey[]): unknown {
  let value: unknown = content;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

export function contentErrors(content: WeekContentData, t: Translate): ContentErrors {
  const parsed = weekContentSchema.safeParse(content);
  if (parsed.success) return {};
  const errors: ContentErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= problemText(issue, content, t);
  }
  return errors;
}

/** The editor's label of each field of the week (its path in the week's content). */
const FIELD_LABELS: Record<string, MessageId> = {
  title: 'content-editor.field.title',
  focus: 'content-editor.field.focus',
  objective: 'content-editor.field.objective',
  reflectionQuestions: 'content-editor.field.questions',
  discussionPrompts: 'content-editor.field.prompts',
  'activity.title': 'content-editor.field.activityTitle',
  'activity.description': 'content-editor.field.activityDescription',
  'activity.steps': 'content-editor.field.steps',
  commitmentExamples: 'content-editor.field.examples',
  conversationCards: 'content-editor.field.cards',
};

/** The label of one item of a list (`reflectionQuestions.1.topic`: "Summary topic of question 2"). */
const ITEM_LABELS: Record<string, MessageId> = {
  'reflectionQuestions.question': 'content-editor.item.question',
  'reflectionQuestions.id': 'content-editor.item.question',
  'reflectionQuestions.topic': 'content-editor.field.topic',
  discussionPrompts: 'content-editor.item.prompt',
  'activity.steps': 'content-editor.item.step',
  commitmentExamples: 'content-editor.item.example',
  'conversationCards.text': 'content-editor.item.card',
  'conversationCards.id': 'content-editor.item.card',
};

/**
 * The editor's label of a field, by the path the server's 400 names it with (`content.title`,
 * `content.reflectionQuestions.1.topic`): what the seller sees if a save is refused all the same
 * (errorMessage's `fieldLabel`); undefined for a path the editor does not show.
 */
export function contentFieldLabel(path: string, t: Translate): string | undefined {
  const inContent = path.replace(/^content\./, '');
  const whole = FIELD_LABELS[inContent];
  if (whole) return t(whole);
  const item = /^([\w.]+?)\.(\d+)(?:\.(\w+))?$/.exec(inContent);
  if (!item) return undefined;
  const [, list, index, field] = item;
  const id = ITEM_LABELS[field ? `${list}.${field}` : list!];
  return id ? t(id, { number: Number(index) + 1 }) : undefined;
}

/**
 * A new, never-used id for a question (`q`) or card (`c`): the week's prefix and a random suffix,
 * so a removed question's id is never given to another one (decision 0126).
 */
export function newItemId(weekNumber: number, kind: 'q' | 'c', taken: ReadonlySet<string>): string {
  const prefix = `w${String(weekNumber).padStart(2, '0')}-${kind}`;
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(5));
    const suffix = Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
    const id = `${prefix}-${suffix}`;
    if (!taken.has(id)) return id;
  }
}

export function idsOf(content: WeekContentData): Set<string> {
  return new Set([
    ...content.reflectionQuestions.map((question) => question.id),
    ...content.conversationCards.map((card) => card.id),
  ]);
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moved<Item>(items: readonly Item[], from: number, to: number): Item[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as Item);
  return next;
}

export function sameContent(a: WeekContentData, b: WeekContentData): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
