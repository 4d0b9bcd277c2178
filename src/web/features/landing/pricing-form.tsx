import { Button, Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { checkCheckoutDetails, type CheckoutDetails } from '../../../shared/orders';
import { NameEmailFields } from '../../components/name-email-fields';
import { notify } from '../../components/notifications';
import { focusFirstInvalid } from '../../lib/focus';
import { useSubmitType } from '../../lib/hydrated';
import { useT } from '../../i18n/use-t';

const EMPTY: CheckoutDetails = { firstName: '', lastName: '', email: '' };
/** The fields in the order the form shows them: the first marked invalid gets the focus. */
const FIELD_ORDER: readonly (keyof CheckoutDetails)[] = ['firstName', 'lastName', 'email'];

/**
 * The pricing card's form (docs/product.md#pages-and-routes and docs/product.md#validation-rules):
 * first name, last name and email, all required. A missing field or a malformed email gets the
 * spec's toast and marks the field; a valid form goes to /checkout with the three values as query
 * parameters.
 */
export function PricingForm() {
  const navigate = useNavigate();
  const { t } = useT();
  const [values, setValues] = useState<CheckoutDetails>(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<keyof CheckoutDetails, boolean>>>({});
  // A signed-in trial couple arrives with its email and first name in the address
  // (docs/product.md#card-payments), a buyer back from the checkout's "Change my details" with all
  // three: filled in after the page has hydrated, never over typed text.
  const prefill = useSearch({ strict: false }) as Partial<CheckoutDetails>;
  useEffect(() => {
    if (!prefill.email && !prefill.firstName && !prefill.lastName) return;
    setValues((current) => ({
      email: current.email || prefill.email || '',
      firstName: current.firstName || prefill.firstName || '',
      lastName: current.lastName || prefill.lastName || '',
    }));
  }, [prefill.email, prefill.firstName, prefill.lastName]);

  function update(field: keyof CheckoutDetails, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => ({ ...current, [field]: false }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = checkCheckoutDetails(values);
    if (!result.ok) {
      const marked: Partial<Record<keyof CheckoutDetails, boolean>> =
        result.problem === 'missing'
          ? {
              firstName: !values.firstName.trim(),
              lastName: !values.lastName.trim(),
              email: !values.email.trim(),
            }
          : { email: true };
      setInvalid(marked);
      if (result.problem === 'missing') {
        notify.error(t('landing.pricing.missingTitle'), t('landing.pricing.missingText'));
      } else {
        notify.error(t('landing.pricing.invalidEmailTitle'), t('landing.pricing.invalidEmailText'));
      }
      // The first field to fix gets the focus (on a phone it is often above the button).
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, (field) => marked[field] === true);
      return;
    }
    void navigate({ to: '/checkout', search: result.details });
  }

  // Inert until the app has taken over `/` (useSubmitType).
  const submitType = useSubmitType();
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('landing.pricing.formLabel')}>
      <Stack gap="sm">
        <NameEmailFields values={values} errors={invalid} onChange={update} />
        <Button type={submitType} size="lg" fullWidth mt="xs">
          {t('landing.pricing.submit')}
        </Button>
      </Stack>
    </form>
  );
}
