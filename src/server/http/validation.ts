import type { z } from 'zod';
import { AppError } from '../../shared/errors';
import { describeZodError } from '../../shared/schemas';

/** Parses input with a zod schema; a failure is a 400 whose message names the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('BAD_REQUEST', describeZodError(result.error));
  return result.data;
}
