import { expect, type Page, test } from '@playwright/test';
import { signInAdmin, uniqueEmail, uniqueSuffix } from './support/auth';
import { accessCodeIn, mailTo } from './support/outbox';
import { expectNoAxeViolations } from './support/axe';

/**
 * The course given as a wedding gift with a coupon (decisions 0240-0242), against the card-payment
 * server and the Stripe test double: the seller makes a code, a buyer gives the course from the
 * landing page and pays the discounted price on the double's hosted page, and the couple opens the
 * emailed gift in another browser context, gets their personal code and signs in with full access.
 */
const baseURL = `http://127.0.0.1:${process.env.E2E_CARD_PORT}`;
test.use({ baseURL });

/** Nothing wider than a 375 px phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('a buyer gives the course with a coupon; the couple opens it in another browser and signs in', async ({
  page,
  browser,
}) => {
  // Three browser contexts, two payments' worth of pages and five axe scans: longer than one page's journey.
  test.slow();
  const dataDir = process.env.E2E_CARD_DATA_DIR!;
  const code = `WEDDING-${uniqueSuffix()}`.toUpperCase().slice(0, 40);
  const buyerEmail = uniqueEmail('gift-buyer');
  const coupleEmail = uniqueEmail('gift-couple');

  // The seller makes a 25 % code in the back office.
  const seller = await browser.newContext({ baseURL });
  const admin = await seller.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin/coupons');
  await admin.getByRole('button', { name: 'New coupon' }).click();
  const editor = admin.getByRole('form', { name: 'New coupon' });
  await editor.getByLabel('Code').fill(code);
  await editor.getByLabel('Percent off').fill('25');
  await editor.getByRole('button', { name: 'Save coupon' }).click();
  const table = admin.getByRole('table', { name: 'Coupons' });
  await expect(table.getByRole('row').filter({ hasText: code })).toContainText('25% off');
  await expectNoAxeViolations(admin, admin.url());

  // The buyer gives the course from the landing page, on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('link', { name: 'Give it as a gift' }).first().click();
  await expect(page).toHaveURL(/\/gift$/);
  const form = page.getByRole('form', { name: 'Give the course as a gift' });
  await form.getByLabel('Your name').fill('Aunt Marisol');
  await form.getByLabel('Your email (for the receipt)').fill(buyerEmail);
  await form.getByLabel('Their names').fill('Lucía & Tomás');
  await form.getByLabel('Their email').fill(coupleEmail);
  await form.getByLabel('Your message').fill('For the two of you, with all my love.');
  await form.getByLabel('Coupon code (optional)').fill(code.toLowerCase());
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('status')).toContainText('$36.75 instead of $49.00');
  await expectNoSidewaysScroll(page);
  // On a phone each field takes the form's width (they stayed half wide once wrapped: QA walk).
  const formWidth = (await form.boundingBox())!.width;
  for (const label of ['Your name', 'Your email (for the receipt)', 'Their names', 'Their email']) {
    expect((await form.getByLabel(label).boundingBox())!.width, label).toBeGreaterThan(formWidth * 0.8);
  }
  await expectNoAxeViolations(page, page.url());
  await form.getByRole('button', { name: 'Pay $36.75 and give' }).click();

  // The double's hosted page charges the discounted amount; its signed webhook pays the gift.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_STRIPE_PORT}/pay/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Pay 36.75 USD' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // The receipt's token came after `#` and left the address at once; a reload still finds it
  // (the history entry keeps it, decision 0367).
  await expect(page.getByRole('heading', { level: 1, name: /Your gift for Lucía & Tomás is ready/ })).toBeVisible();
  await expect(page).toHaveURL(/\/gift\/sent$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Your gift for Lucía & Tomás is ready/ })).toBeVisible();
  const giftCode = (await page.getByTestId('gift-code').textContent())?.trim();
  expect(giftCode).toMatch(/^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const card = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the printable card (PDF)' }).click();
  expect((await card).suggestedFilename()).toBe('vows-and-weeks-gift-card.pdf');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, page.url());
  const receipt = await mailTo(dataDir, 'gift-receipt', buyerEmail);
  expect(receipt.text).toContain('$36.75');

  // The couple, in a browser of their own, opens the emailed gift.
  const giftMail = await mailTo(dataDir, 'gift', coupleEmail);
  expect(giftMail.text).toContain('For the two of you, with all my love.');
  const link = /(http\S+\/redeem#code=\S+)/.exec(giftMail.text ?? '')?.[1];
  expect(link).toBeDefined();
  const coupleContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const couple = await coupleContext.newPage();
  await couple.goto(link!);
  await expect(couple.getByRole('heading', { level: 1, name: 'A gift for Lucía & Tomás' })).toBeVisible();
  await expect(couple.getByText('For the two of you, with all my love.')).toBeVisible();
  await expectNoSidewaysScroll(couple);
  await expectNoAxeViolations(couple, couple.url());
  await couple.getByRole('button', { name: 'Open your gift' }).click();
  await expect(couple.getByRole('heading', { level: 1, name: 'Your course is open' })).toBeVisible();

  const accessMail = await mailTo(dataDir, 'access-code', coupleEmail);
  await couple.getByRole('link', { name: 'Sign in' }).click();
  await couple.getByLabel('Email').fill(coupleEmail);
  await couple.getByLabel('Access code').fill(accessCodeIn(accessMail)!);
  await couple.getByRole('button', { name: 'Sign in' }).click();
  await expect(couple).toHaveURL(/\/dashboard/);
  await expect(couple.getByText('Free trial', { exact: true })).toHaveCount(0);

  // The same code again: already opened.
  await couple.goto(link!);
  await expect(couple.getByText('This gift has been opened')).toBeVisible();

  // The buyer hears it was opened; the seller sees it opened, and the code's use and revenue.
  await mailTo(dataDir, 'gift-opened', buyerEmail);
  await admin.goto('/admin/gifts');
  const row = admin.getByRole('table', { name: 'Gifts' }).getByRole('row').filter({ hasText: buyerEmail });
  await expect(row).toContainText('Opened');
  await expectNoAxeViolations(admin, admin.url());
  await admin.goto('/admin/coupons');
  await expect(admin.getByRole('table', { name: 'Coupons' }).getByRole('row').filter({ hasText: code })).toContainText(
    '$36.75',
  );
  await Promise.all([seller.close(), coupleContext.close()]);
});
