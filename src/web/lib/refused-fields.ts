import type { z } from '../../shared/zod';

/**
 * Which of `fields` a shared schema (the one the server checks with) refuses in `input`. A form
 * shows each one's own message, in the page's language, under the field, and sends nothing while
 * there is one; anything else the schema refuses is left to the server's answer, as before.
 */
export function refusedFields<F extends string>(schema: z.ZodType, input: unknown, fields: readonly F[]): Set<F> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return new Set();
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
  return new Set(fields.filter((field) => refused.has(field)));
}

/**
 * Every path a shared schema refuses in `input`, its parts joined with dots (`registrations.FL`,
 * `title.es`, `weeks.2`): for a form whose fields sit deeper than the input's first level.
 */
export function refusedPaths(schema: z.ZodType, input: unknown): Set<string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return new Set();
  return new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.')));
}
