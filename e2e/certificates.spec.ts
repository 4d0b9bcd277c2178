import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { signInAdmin, trialSignUp } from './support/auth';
import { completeOnboarding } from './support/onboarding';
import { expectNoAxeViolations } from './support/axe';

/*
 * Issue 37 end to end (docs/certificates.md): the seller offers Florida in the back office, a couple
 * logs enough hours over two completed weeks, enters their legal names, downloads a Florida
 * certificate, and a clerk opens the QR code's /verify page: valid, then revoked, and a changed code is not found.
 */

test('a couple with enough logged hours downloads a Florida certificate; the clerk verifies it', async ({
  page,
  browser,
}) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // The seller, in the back office.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin/certificates');
  await expect(admin.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Provider name' }).fill('Grace Counseling LLC');
  await admin.getByRole('textbox', { name: 'Credentials' }).fill('Licensed Mental Health Counselor MH1234');
  await admin.getByRole('textbox', { name: 'Contact (address, phone, email)' }).fill('12 Palm Way, Tampa FL');
  await admin.getByRole('checkbox', { name: 'Florida (4 h)' }).check();
  await admin.getByRole('textbox', { name: 'Registration number for Florida' }).fill('HILLSBOROUGH-2026-017');
  await admin.getByRole('button', { name: 'Save provider settings' }).click();
  await expect(admin.getByRole('region', { name: 'Notifications' })).toContainText('Provider settings saved');
  await expectNoAxeViolations(admin, admin.url(), { include: 'main' });

  // The couple: two weeks, offline time together, and the page counting active time on a week.
  await trialSignUp(page);
  await page.goto('/dashboard');
  await completeOnboarding(page, { you: 'Eleni', partner: 'Anna' });
  const { userId } = (await (await page.request.get('/api/auth/check')).json()) as { userId: number };
  // A certificate comes with the full course (a trial couple's request is refused): the seller gives it.
  const granted = await admin.request.post('/api/trpc/adminCouples.grantFullAccess', { data: { coupleId: userId } });
  expect(granted.status(), await granted.text()).toBe(200);
  expect((await page.request.post(`/api/progress/${userId}/1/complete`)).status()).toBe(200);
  const heartbeat = page.waitForRequest((request) => request.url().includes('certificates.heartbeat'));
  await page.goto('/dashboard?tab=current&week=1');
  const tracker = page.getByRole('region', { name: 'Time on this week' });
  await expect(tracker).toBeVisible();
  await heartbeat;
  await tracker.getByRole('radio', { name: 'Both of us' }).check({ force: true });
  await tracker.getByRole('textbox', { name: 'Minutes' }).fill('120');
  await tracker.getByRole('button', { name: 'Log time' }).click();
  await expect(tracker).toContainText('This week: 0 min online, 2 h offline');
  await page.goto('/dashboard?tab=current&week=2');
  await expect(tracker).toBeVisible();
  await tracker.getByRole('textbox', { name: 'Minutes' }).fill('100');
  await tracker.getByRole('button', { name: 'Log time' }).click();
  await expect(tracker).toContainText('2 h offline'.replace('2 h', '1 h 40 min'));
  // Only the weeks the couple completed count toward a certificate (decision 0330).
  await page.getByRole('tab', { name: 'Progress' }).click();
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Week Completed!');

  await page.getByRole('tab', { name: 'Wins' }).click();
  const certificate = page.getByRole('region', { name: 'Premarital course certificate' });
  await expect(page.getByTestId('course-hours')).toContainText('3 h 40 min');
  await expect(certificate.getByTestId('eligibility')).toContainText(
    'Florida: Eleni: 3 h 40 min of 4 h; Anna: 3 h 40 min of 4 h',
  );
  await certificate.getByRole('textbox', { name: 'Legal name of Eleni' }).fill("Ελένη O'Brien-Παπαδοπούλου");
  // Each name is checked against the print fonts in the PDF worker: wait for each save's answer.
  const nameSaved = () =>
    page.waitForResponse((response) => response.url().includes('certificates.setLegalName') && response.ok());
  await Promise.all([nameSaved(), certificate.getByRole('button', { name: 'Save name' }).first().click()]);
  await certificate.getByRole('textbox', { name: 'Legal name of Anna' }).fill('Анна-Мария Núñez');
  await Promise.all([nameSaved(), certificate.getByRole('button', { name: 'Save name' }).last().click()]);
  await certificate.getByLabel('Intended date of marriage').fill('2027-05-15');
  await certificate.getByRole('button', { name: 'Get the certificate' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Not yet eligible for a Florida certificate',
  );

  // Twenty more minutes together, then the certificate.
  await page.goto('/dashboard?tab=current&week=2');
  await tracker.getByRole('textbox', { name: 'Minutes' }).fill('20');
  await tracker.getByRole('button', { name: 'Log time' }).click();
  await expect(tracker).toContainText('2 h offline');
  await page.getByRole('tab', { name: 'Wins' }).click();
  await expect(certificate.getByTestId('eligibility')).toContainText('Florida: you have the hours for a certificate.');
  await certificate.getByLabel('Intended date of marriage').fill('2027-05-15');
  await certificate.getByRole('button', { name: 'Get the certificate' }).click();
  const downloadButton = certificate.getByRole('button', { name: 'Download the Florida certificate (PDF)' });
  await expect(downloadButton).toBeVisible();
  await expectNoAxeViolations(page, page.url(), { include: 'main' });
  const downloadPromise = page.waitForEvent('download');
  await downloadButton.click();
  const file = await downloadPromise;
  const bytes = await fs.readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await extractText(new Uint8Array(bytes), { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain("Ελένη O'Brien-Παπαδοπούλου");
  expect(text).toContain('Анна-Мария Núñez');
  expect(text).toContain('Hours completed by Анна-Мария Núñez: 4 h');
  expect(text).toContain('Grace Counseling LLC');
  expect(text).toContain('Registration (FL): HILLSBOROUGH-2026-017');
  const verifyUrl = /Verify this certificate at (\S+\/verify\/[0-9A-Z-]+)/.exec(text)?.[1];
  expect(verifyUrl).toBeDefined();
  const code = verifyUrl!.split('/verify/')[1]!;

  // The clerk: no sign-in.
  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await clerk.goto(`/verify/${code}`);
  await expect(clerk.getByTestId('verify-result')).toContainText('This certificate is valid.');
  await expect(clerk.getByTestId('verify-details')).toContainText("Ελένη O'Brien-Παπαδοπούλου · Анна-Мария Núñez");
  await expect(clerk.getByTestId('verify-details')).toContainText('Grace Counseling LLC');
  await expectNoAxeViolations(clerk, clerk.url(), { include: 'main' });
  const changed = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
  await clerk.goto(`/verify/${changed}`);
  await expect(clerk.getByTestId('verify-result')).toContainText('No certificate was issued with this code.');
  await clerk.goto(`/verify/${code.slice(0, 10)}`);
  await expect(clerk.getByTestId('verify-result')).toContainText('No certificate was issued with this code.');

  // The seller finds it by name and revokes it; the clerk then sees it revoked.
  await admin.reload();
  await admin.getByRole('searchbox', { name: 'Search by name' }).fill('núñez');
  const row = admin.getByTestId('issued-certificates').getByRole('row', { name: /Анна-Мария Núñez/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Revoke certificate ${code}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Revoke certificate ${code}` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Issued by mistake');
  await dialog.getByRole('button', { name: 'Revoke it' }).click();
  await expect(admin.getByRole('region', { name: 'Notifications' })).toContainText('Certificate revoked');
  await clerk.goto(`/verify/${code}`);
  await expect(clerk.getByTestId('verify-result')).toContainText('This certificate was revoked');

  await adminContext.close();
  await clerkContext.close();
  expect(errors).toEqual([]);
});
