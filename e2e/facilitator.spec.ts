import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerCouple, signInAdmin, uniqueEmail, uniqueSuffix } from './support/auth';
import { expectNoAxeViolations } from './support/axe';

/**
 * Facilitators, cohorts and seat packs (issue 38, docs/facilitators.md): the seller invites a
 * facilitator, who sets a password and creates a cohort; the seller grants a pack of seats; two
 * couples redeem a seat after reading what the facilitator will see; one shares week 1 with their
 * mentor, who reads it; the other unlinks and leaves the cohort table at once.
 */

async function newPage(browser: Browser, errors: string[], width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

/** A couple with names, signed in on `page`. */
async function couple(page: Page, names: { first: string; second: string }): Promise<number> {
  await registerCouple(page);
  const { userId } = (await (await page.request.get('/api/auth/check')).json()) as { userId: number };
  const profile = await page.request.put(`/api/profile/${userId}`, {
    data: { userDisplayName: names.first, partnerName: names.second, weddingDate: '2027-06-12' },
  });
  expect(profile.status()).toBe(200);
  return userId;
}

function pathOf(link: string): string {
  const url = new URL(link.trim());
  return `${url.pathname}${url.search}${url.hash}`;
}

test('a facilitator guides a cohort: invite, seats, consent, a shared week, an unlink', async ({ browser }) => {
  // Four browsers (seller, facilitator, two couples) through a whole journey.
  test.slow();
  const errors: string[] = [];
  const admin = await newPage(browser, errors);
  const facilitator = await newPage(browser, errors);
  const robin = await newPage(browser, errors, 375);
  const noor = await newPage(browser, errors);
  const name = `Pastor Ana ${uniqueSuffix()}`;

  // The seller invites the facilitator from the back office.
  await signInAdmin(admin);
  await admin.goto('/admin/facilitators');
  await expect(admin.getByRole('heading', { level: 1, name: 'Facilitators' })).toBeVisible();
  const invite = admin.getByRole('form', { name: 'Invite a facilitator' });
  await invite.getByRole('textbox', { name: 'Name' }).fill(name);
  await invite.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('pastor'));
  await invite.getByRole('combobox', { name: 'Kind' }).selectOption('pastor');
  await invite.getByRole('textbox', { name: /Organisation/ }).fill('St. Mary Parish');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const inviteLink = (await admin.getByText(/\/facilitator#token=/).textContent()) ?? '';
  await expectNoAxeViolations(admin, admin.url());

  // The facilitator sets a password and lands in their own area; they create a cohort.
  await facilitator.goto(pathOf(inviteLink));
  await expect(facilitator.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  // The token rides after `#` and leaves the address at once (decision 0367).
  await expect(facilitator).toHaveURL(/\/facilitator$/);
  await facilitator.getByLabel('New password').fill('a long facilitator password');
  await facilitator.getByRole('button', { name: 'Set password and open my area' }).click();
  await expect(facilitator.getByRole('heading', { level: 1, name: 'Your facilitator area' })).toBeVisible();
  await expect(facilitator.getByText('No cohorts yet. Create one below, then give couples its link.')).toBeVisible();
  await facilitator.getByRole('textbox', { name: 'New cohort name' }).fill('Spring 2027 Pre-Cana');
  await facilitator.getByRole('button', { name: 'Create cohort' }).click();
  await expect(facilitator.getByRole('heading', { level: 2, name: 'Spring 2027 Pre-Cana' })).toBeVisible();
  await expect(facilitator.getByText(/No couples in this cohort yet/)).toBeVisible();
  await expectNoAxeViolations(facilitator, facilitator.url());
  // The facilitator's session opens nothing of the back office.
  expect((await facilitator.request.get('/api/trpc/adminFacilitators.list')).status()).toBe(401);

  // The seller grants the facilitator a pack of two seats.
  await admin.reload();
  const grant = admin.getByRole('form', { name: 'Grant a seat pack' });
  await grant.getByRole('combobox', { name: 'Facilitator' }).selectOption({ label: name });
  await grant.getByRole('textbox', { name: 'Seats' }).fill('2');
  await grant.getByRole('button', { name: 'Grant pack' }).click();
  await expect(admin.getByRole('table', { name: 'Seat packs' }).getByText('0 of 2 seats used')).toBeVisible();

  // The facilitator hands out the pack's seat link.
  await facilitator.reload();
  await expect(facilitator.getByText('0 of 2 seats used')).toBeVisible();
  const seatLink = pathOf((await facilitator.getByText(/\/mentor#code=SEAT-/).textContent()) ?? '');

  // Robin and Sam (on a phone) read what the facilitator will see, then consent; the seat gives full access.
  const robinId = await couple(robin, { first: 'Robin', second: 'Sam' });
  const answered = await robin.request.post(`/api/workbook-responses/${robinId}/1/partner1`, {
    data: {
      reflectionAnswers: ['We listen before we answer.'],
      discussionNotes: '',
      activityResponse: '',
      weeklyCommitment: 'A walk every Sunday.',
      conversationCards: [],
    },
  });
  expect(answered.status()).toBe(200);
  await robin.goto(seatLink);
  await expect(robin.getByRole('heading', { name: `Link with ${name}?` })).toBeVisible();
  await expect(robin).toHaveURL(/\/mentor$/);
  await expect(robin.getByText('Your weekly streak')).toBeVisible();
  await expect(robin.getByText(/This code includes a seat/)).toBeVisible();
  await expectNoAxeViolations(robin, robin.url());
  await robin.getByRole('button', { name: 'Link us' }).click();
  await expect(robin.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(robin.getByText(/Cohort “Spring 2027 Pre-Cana”/)).toBeVisible();
  // They share week 1 with their mentor.
  const share = robin.getByRole('form', { name: 'Share a week with your mentor' });
  await share.getByRole('textbox', { name: 'Week' }).fill('1');
  await share.getByRole('button', { name: 'Share with our mentor' }).click();
  await expect(robin.getByText(/^Week 1, shared on /)).toBeVisible();
  await expectNoAxeViolations(robin, robin.url());

  // Noor and Lee open the link before signing in: asked to sign in first, with the code kept in view.
  await noor.goto(seatLink);
  await expect(noor.getByText('Sign in to your course first, then open your facilitator’s link again.')).toBeVisible();
  await expect(noor.getByText(/Your facilitator’s code: SEAT-/)).toBeVisible();
  // Signed in, they redeem the other seat, then change their minds and unlink.
  await couple(noor, { first: 'Noor', second: 'Lee' });
  // The code left the address (decision 0367); the page, reloaded once signed in, still has it.
  await expect(noor).toHaveURL(/\/mentor$/);
  await noor.reload();
  await noor.getByRole('button', { name: 'Link us' }).click();
  await expect(noor.getByRole('button', { name: 'Unlink' })).toBeVisible();

  // The facilitator sees both couples in the cohort table, and reads Robin and Sam's shared week.
  await facilitator.reload();
  const table = facilitator.getByRole('table', { name: 'Couples in Spring 2027 Pre-Cana' });
  await expect(table.getByRole('row', { name: /Robin & Sam/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Noor & Lee/ })).toBeVisible();
  await expect(facilitator.getByText('2 of 2 seats used')).toBeVisible();
  await table.getByRole('button', { name: 'Open week 1 shared by Robin & Sam' }).click();
  await expect(facilitator.getByText('We listen before we answer.')).toBeVisible();
  await expect(facilitator.getByText('A walk every Sunday.')).toBeVisible();
  await expectNoAxeViolations(facilitator, facilitator.url());

  // Noor and Lee unlink: they leave the facilitator's table at once.
  await noor.getByRole('button', { name: 'Unlink' }).click();
  await expect(noor.getByRole('form', { name: 'Your facilitator’s code' })).toBeVisible();
  await facilitator.reload();
  await expect(table.getByRole('row', { name: /Robin & Sam/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Noor & Lee/ })).toHaveCount(0);

  // A seat used twice is refused, and the seats stay counted.
  const again = await robin.request.post('/api/trpc/mentor.link', {
    data: { code: new URLSearchParams(new URL(seatLink, 'http://x').hash.slice(1)).get('code') },
  });
  expect(again.status()).toBe(409);

  // A join link leaked: the facilitator issues a new one, and the old one is refused as unknown
  // (decision 0354); Robin and Sam, linked already, stay in the table.
  const oldJoinLink = pathOf((await facilitator.getByText(/\/mentor#code=JOIN-/).textContent()) ?? '');
  await facilitator.getByRole('button', { name: 'New code for the join link of Spring 2027 Pre-Cana' }).click();
  const renew = facilitator.getByRole('dialog', { name: 'Issue a new join code for Spring 2027 Pre-Cana?' });
  await expect(renew.getByText(/Couples already in Spring 2027 Pre-Cana stay linked/)).toBeVisible();
  await expectNoAxeViolations(facilitator, facilitator.url());
  await renew.getByRole('button', { name: 'Issue a new code' }).click();
  await expect(facilitator.getByText(oldJoinLink.replace('/mentor#code=', ''))).toHaveCount(0);
  const newJoinLink = facilitator.getByText(/\/mentor#code=JOIN-/);
  await expect(newJoinLink).toBeFocused();
  await expect(table.getByRole('row', { name: /Robin & Sam/ })).toBeVisible();
  await noor.goto(oldJoinLink);
  await expect(noor.getByText(/No cohort or seat pack has this code/)).toBeVisible();

  // The facilitator removes Robin and Sam (decision 0353): asked first, naming them; their row and
  // shared week go at once, their page says they are no longer linked, and they keep the course.
  await table.getByRole('button', { name: 'Remove Robin & Sam from Spring 2027 Pre-Cana' }).click();
  const removal = facilitator.getByRole('dialog', { name: 'Remove Robin & Sam?' });
  await expect(removal.getByText(/A seat they used stays used, and they keep their course/)).toBeVisible();
  await removal.getByRole('button', { name: 'Remove from the cohort' }).click();
  await expect(facilitator.getByText(/No couples in this cohort yet/)).toBeVisible();
  await expect(facilitator.getByRole('heading', { level: 2, name: 'Spring 2027 Pre-Cana' })).toBeFocused();
  await expect(facilitator.getByText('2 of 2 seats used')).toBeVisible();
  await robin.goto('/mentor');
  await expect(robin.getByRole('form', { name: 'Your facilitator’s code' })).toBeVisible();
  // Removed, they cannot join Spring 2027 Pre-Cana again with its link (decision 0360): the page says why.
  await robin.goto(pathOf((await newJoinLink.textContent()) ?? ''));
  await expect(robin.getByText(/Your facilitator removed you from this cohort/)).toBeVisible();
  await expect(robin.getByRole('button', { name: 'Link us' })).toHaveCount(0);

  expect(errors).toEqual([]);
});
