import { type FormErrors, schemaResolver } from '@mantine/form';
import { localizedFieldErrors } from './api-error';

/**
 * Mantine's schema resolver over a shared zod schema (the server checks with the same one), with
 * each field message said in the page's language (api-error.ts, KNOWN_FIELD_MESSAGES): the schemas
 * keep the English of the API's contract, the forms show the visitor's language.
 */
export function localizedSchemaResolver(schema: Parameters<typeof schemaResolver>[0]): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => localizedFieldErrors(resolve(values));
}
