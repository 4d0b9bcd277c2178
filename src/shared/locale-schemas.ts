import { z } from './zod';

/** A language choice: only 'en' or 'es' (anything else is a 400 on REST, BAD_REQUEST on tRPC). */
export const localeInputSchema = z.strictObject({
  locale: z.enum(['en', 'es'], { error: 'locale must be "en" or "es".' }),
});
