import { expect, type Locator } from '@playwright/test';

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
