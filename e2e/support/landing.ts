import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until a form on the hydrated landing page answers: its submit button is a plain button in
 * the prerendered HTML and becomes a submit button once the app has taken the form over
 * (useSubmitType, decision 0136). A click before then does nothing, so tests wait for this signal
 * instead of guessing or retrying.
 */
export async function formReady(form: Locator, submitName: string): Promise<Locator> {
  const submit = form.getByRole('button', { name: submitName });
  await expect(submit).toHaveAttribute('type', 'submit');
  return submit;
}

/**
 * Waits until the app has taken the whole landing page over (one React root: when its order form
 * answers, so does every control, e.g. the mobile menu's button, which does nothing before).
 */
export async function landingReady(page: Page): Promise<void> {
  await formReady(page.getByRole('form', { name: 'Order the workbook' }), 'Continue to Checkout');
}
