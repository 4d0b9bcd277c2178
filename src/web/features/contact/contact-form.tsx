import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECTS } from '../../../shared/constants';
import { NameEmailFields, type NameEmailValues } from '../../components/name-email-fields';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { focusFirstInvalid } from '../../lib/focus';
import { useSubmitType } from '../../lib/hydrated';
import type { MessageId } from '../../../shared/i18n/locales';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

interface ContactValues extends NameEmailValues {
  subject: string;
  message: string;
}
type Field = keyof ContactValues;

const EMPTY: ContactValues = { firstName: '', lastName: '', email: '', subject: '', message: '' };
/** The fields without which the form does not even try to send ('Missing Information'). */
const REQUIRED: readonly Field[] = ['firstName', 'lastName', 'email', 'message'];
/** The fields in the order the form shows them: the first with a problem gets the focus. */
const FIELD_ORDER: readonly Field[] = ['firstName', 'lastName', 'email', 'subject', 'message'];

/**
 * The shared zod schema, loaded when the form is first used rather than with the landing page:
 * zod would add about 25 KB of gzipped JavaScript to the page's first load.
 */
const loadContactSchema = () => import('../../../shared/contact-schemas').then((module) => module.contactMessageSchema);
/** The text shown when sending fails without a message from the server. */
export const contactFailedFallback = () => translate('contact.failed');

/**
 * What the shared schema found, said under the field in the page's language (the label names the
 * field): a text too long, an email that is not one, anything else.
 */
function fieldMessage(field: Field, issue: { code: string; maximum?: unknown }): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    return translate('contact.error.tooLong', { max: issue.maximum });
  }
  if (field === 'email') return translate('contact.error.email');
  if (field === 'subject') return translate('contact.error.subject');
  return translate('contact.error.invalid');
}

/**
 * The landing page's contact form (docs/product.md#states, docs/product.md#validation-rules and
 * docs/product.md#ui-texts). Idle, then sending (the button reads 'Sending...' and is disabled),
 * then success (toast, form cleared) or error (toast with the server's message). Missing required
 * fields get the 'Missing Information' toast without a request; other problems the shared schema
 * finds (a malformed email, a message too long) are shown at the field.
 */
export function ContactForm() {
  const { t } = useT();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string | boolean>>>({});
  const send = useMutation(
    trpc.contact.send.mutationOptions({
      onSuccess: () => {
        notify.success(t('contact.sent.title'), t('contact.sent.text'));
        setValues(EMPTY);
        setErrors({});
      },
      onError: (error) => notify.error(t('contact.errorTitle'), errorMessage(error, contactFailedFallback())),
    }),
  );

  const sending = checking || send.isPending;

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read before the schema loads: React clears the event's currentTarget once it is handled.
    const form = event.currentTarget;
    if (sending) return;
    const missing = REQUIRED.filter((field) => !values[field].trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, true])));
      notify.error(t('contact.missing.title'), t('contact.missing.text'));
      focusFirstInvalid(form, FIELD_ORDER, (field) => missing.includes(field));
      return;
    }
    setChecking(true);
    let parsed: ReturnType<Awaited<ReturnType<typeof loadContactSchema>>['safeParse']>;
    try {
      parsed = (await loadContactSchema()).safeParse(values);
    } catch {
      setChecking(false);
      notify.error(t('contact.errorTitle'), contactFailedFallback());
      return;
    }
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= fieldMessage(field, issue as { code: string; maximum?: unknown });
      }
      setErrors(found);
      setChecking(false);
      focusFirstInvalid(form, FIELD_ORDER, (field) => found[field] !== undefined);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, { onSettled: () => setChecking(false) });
  }

  // Inert until the app has taken over `/` (useSubmitType).
  const submitType = useSubmitType();
  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      // Start loading the schema as soon as someone starts filling in the form.
      onFocus={() => void loadContactSchema().catch(() => {})}
      noValidate
      aria-label={t('contact.formLabel')}
    >
      <Stack gap="sm">
        <NameEmailFields values={values} errors={errors} onChange={update} />
        <NativeSelect
          label={t('contact.subject')}
          name="subject"
          value={values.subject}
          error={errors.subject}
          onChange={(event) => update('subject', event.currentTarget.value)}
          data={[
            { value: '', label: t('contact.subjectNone') },
            ...CONTACT_SUBJECTS.map((subject) => ({
              value: subject.value,
              label: t(`contact.subject.${subject.value}` as MessageId),
            })),
          ]}
        />
        <Textarea
          label={t('contact.message')}
          name="message"
          required
          rows={4}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          value={values.message}
          error={errors.message}
          onChange={(event) => update('message', event.currentTarget.value)}
        />
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed">
            {t('contact.replyTime')}
          </Text>
          <Button type={submitType} disabled={sending}>
            {sending ? t('contact.sending') : t('contact.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
