import { type WeekContentData, weekContentSchema } from '../../../shared/workbook-schemas';

/*
 * The course editor's rules, apart from the components: validation with the shared schema (the
 * server checks the same one), and new ids for added questions and cards.
 */

/** Field errors keyed by path (`title`, `reflectionQuestions.2.topic`, ...), the first per field. */
export type ContentErrors = Record<string, string>;

export function contentErrors(content: WeekContentData): ContentErrors {
  const parsed = weekContentSchema.safeParse(content);
  if (parsed.success) return {};
  const errors: ContentErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
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
