import type { z } from 'zod';
import { AppError } from '../../shared/errors';
import { describeZodError } from '../../shared/schemas';

/**
 * Parses input with a zod schema; a failure is a 400 whose message names the field, or says what
 * the whole value must be (`subject`, the request body unless told) when it is not even an object.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, subject = 'The request body'): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('BAD_REQUEST', describeZodError(result.error, subject));
  return result.data;
}
