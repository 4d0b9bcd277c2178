import { z } from 'zod';

/**
 * An optional query-string value read as text. The router decodes `?firstName=123` to the number
 * 123 and `?x=true` to a boolean; both are turned back into the exact text of the URL. Anything
 * else (a repeated key, a JSON object) counts as missing instead of failing the page.
 */
export const optionalSearchText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);
