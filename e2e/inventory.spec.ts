import { expect, test, type Page } from '@playwright/test';
import { registerCouple, signInAdmin, uniqueEmail } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { contextIn } from './support/languages';

/*
 * "What we each expect" (issue 41): two partners in two browsers take the inventory privately,
 * see the report once both have finished, and follow a topic's link to its week. The answers of
 * every topic but the last are saved through the API (the same procedure the form calls); the last
 * topic is answered in the form, with "Save and finish".
 */

interface TopicView {
  id: string;
  statements: { id: string }[];
}

/** Nothing of the page's own content is wider than the screen (the site header is the layout's). */
async function fitsTheScreen(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`),
  );
  expect(overflowing, 'content wider than the screen').toEqual([]);
}

/** Saves answers for every topic but the last: communication as `communication`, the rest agree. */
async function answerAllButLast(page: Page, partner: 'partner1' | 'partner2', communication: number): Promise<void> {
  const input = encodeURIComponent(JSON.stringify({ locale: 'en' }));
  const listed = await page.request.get(`/api/trpc/inventory.statements?input=${input}`);
  expect(listed.status()).toBe(200);
  const topics = (await listed.json()).result.data as TopicView[];
  const answers: Record<string, number> = {};
  for (const topic of topics.slice(0, -1)) {
    for (const statement of topic.statements) answers[statement.id] = topic.id === 'communication' ? communication : 4;
  }
  const saved = await page.request.post('/api/trpc/inventory.saveAnswers', { data: { partner, answers } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Answers the form's open topic (the last): every statement "Disagree", or `first` for the first. */
async function answerLastTopicInForm(page: Page, first = 'Disagree'): Promise<void> {
  const groups = page.locator('[data-statement]');
  await expect(groups.first()).toBeVisible();
  const count = await groups.count();
  for (let index = 0; index < count; index += 1) {
    await groups
      .nth(index)
      .getByRole('radio', { name: index === 0 ? first : 'Disagree', exact: true })
      .check();
  }
  await page.getByRole('button', { name: 'Save and finish' }).click();
}

test('two partners take it privately, see the report, and follow a topic to its week', async ({ browser }) => {
  test.slow();
  const robinContext = await browser.newContext();
  // Casey on a phone (375 px): nothing may be wider than the screen.
  const caseyContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const robin = await robinContext.newPage();
  const casey = await caseyContext.newPage();
  const errors: string[] = [];
  for (const page of [robin, casey]) page.on('pageerror', (error) => errors.push(error.message));

  await registerCouple(robin);
  const { userId } = (await (await robin.request.get('/api/auth/check')).json()) as { userId: number };
  const profile = await robin.request.put(`/api/profile/${userId}`, {
    data: { userDisplayName: 'Robin', partnerName: 'Casey', weddingDate: null },
  });
  expect(profile.status()).toBe(200);

  // The card on the dashboard leads to the page.
  await robin.goto('/dashboard');
  await robin.getByRole('link', { name: 'Open “What we each expect”' }).click();
  await expect(robin).toHaveURL(/\/expectations$/);
  await expect(robin.getByRole('heading', { level: 1, name: 'What we each expect' })).toBeVisible();
  await expect(robin.getByText(/not a diagnosis/)).toBeVisible();

  // Robin, on the couple's original sign-in (a shared device while neither partner has a sign-in
  // of their own), says who is answering.
  await answerAllButLast(robin, 'partner1', 5);
  await robin.reload();
  await robin.getByRole('button', { name: 'I am Robin' }).click();
  await expect(robin.getByRole('heading', { level: 2, name: 'Feeling safe' })).toBeVisible();
  await expectNoAxeViolations(robin, '/expectations (answering)');
  // An answer that signals fear: the calm page, for Robin alone.
  await answerLastTopicInForm(robin, 'Agree');
  await expect(robin.getByRole('heading', { name: 'You are not alone' })).toBeVisible();
  await expect(robin.getByText(/1-800-799-7233/)).toBeVisible();
  await expectNoAxeViolations(robin, '/expectations (help)');
  await robin.getByRole('button', { name: 'Done' }).click();
  await expect(robin.getByRole('heading', { name: 'You have finished' })).toBeVisible();

  // Casey's own sign-in, by invite. From now on the original sign-in answers and reads as Robin
  // only (decision 0312): Casey's answers on her own sign-in are hers until both have finished.
  const invite = await robin.request.post('/api/trpc/partners.createInvite', { data: {} });
  const { code } = (await invite.json()).result.data as { code: string };
  const accepted = await casey.request.post('/api/trpc/partners.acceptInvite', {
    data: { code, email: uniqueEmail('casey') },
  });
  expect(accepted.status()).toBe(200);
  const status = await robin.request.get('/api/trpc/inventory.status');
  expect((await status.json()).result.data.you).toBe('partner1');

  // Casey, on her own sign-in: nothing of Robin's shows, and nothing of the help page.
  await answerAllButLast(casey, 'partner2', 1);
  await casey.goto('/expectations');
  await expect(casey.getByText('Robin has finished')).toBeVisible();
  await expect(casey.getByRole('button', { name: 'I am Robin' })).toHaveCount(0);
  await expect(casey.getByText(/1-800-799-7233/)).toHaveCount(0);
  await expect(casey.getByRole('heading', { level: 2, name: 'Feeling safe' })).toBeVisible();
  await fitsTheScreen(casey);
  await answerLastTopicInForm(casey);

  // The report opens for both: communication first, the safety topic nowhere.
  await expect(casey.getByRole('heading', { level: 2, name: 'Our report' })).toBeVisible();
  await expect(casey.getByText('Talk about these first: Communication')).toBeVisible();
  await expect(casey.getByRole('heading', { name: 'Feeling safe' })).toHaveCount(0);
  await expectNoAxeViolations(casey, '/expectations (report)');
  await fitsTheScreen(casey);
  await robin.reload();
  await expect(robin.getByRole('heading', { level: 2, name: 'Our report' })).toBeVisible();
  const communication = robin.locator('[data-topic="communication"]');
  await expect(communication.getByText(/· [1-9]\d* to talk about ·/)).toBeVisible();
  await communication.getByRole('link', { name: 'Week 1', exact: true }).click();
  await expect(robin).toHaveURL(/\/dashboard\?tab=current&week=1$/);
  await expect(robin.getByRole('heading', { level: 2, name: 'Listening to Understand' })).toBeVisible();

  // The seller's page: figures and the statements, no couple's answers.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin/inventory');
  await expect(admin.getByRole('heading', { level: 1, name: 'What we each expect' })).toBeVisible();
  await expect(admin.getByLabel('Title (Spanish)')).toHaveValue('La comunicación');
  await expectNoAxeViolations(admin, '/admin/inventory');

  expect(errors).toEqual([]);
  await Promise.all([robinContext.close(), caseyContext.close(), adminContext.close()]);
});

// QA walk (Spanish, 375 px): the six choices of the answer scale wrapped unevenly, two or three to a
// line. On a phone they are one column, in order, each radio 24 px or more (WCAG 2.5.8), and still a
// labelled radio group the arrow keys move through.
test('on a phone the answer scale is one even column, a labelled radio group for the keyboard', async ({ browser }) => {
  const context = await contextIn(browser, 'es', { width: 375, height: 740 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await registerCouple(page);
  const { userId } = (await (await page.request.get('/api/auth/check')).json()) as { userId: number };
  const profile = await page.request.put(`/api/profile/${userId}`, {
    data: { userDisplayName: 'Robin', partnerName: 'Casey', weddingDate: null },
  });
  expect(profile.status()).toBe(200);
  await page.goto('/expectations');
  await page.getByRole('button', { name: 'Soy Robin' }).click();
  const groups = page.getByRole('radiogroup');
  await expect(groups.first()).toBeVisible();
  expect(await groups.count()).toBe(await page.locator('[data-statement]').count());
  for (const group of await groups.all()) {
    await expect(group).toHaveAccessibleName(/\S/);
    const radios = await group.evaluate((element) =>
      [...element.querySelectorAll('input[type="radio"]')].map((input) => {
        const box = input.getBoundingClientRect();
        return { left: Math.round(box.left), top: Math.round(box.top), width: box.width, height: box.height };
      }),
    );
    expect(radios).toHaveLength(6);
    expect(new Set(radios.map((box) => box.left)).size, 'one column').toBe(1);
    for (const [index, box] of radios.entries()) {
      if (index > 0) expect(box.top, 'each choice below the one before').toBeGreaterThan(radios[index - 1]!.top);
      expect(Math.min(box.width, box.height), 'a 24 px target').toBeGreaterThanOrEqual(24);
    }
  }
  const first = groups.first();
  const stronglyDisagree = first.getByRole('radio', { name: 'Muy en desacuerdo', exact: true });
  await stronglyDisagree.focus();
  await page.keyboard.press('Space');
  await expect(stronglyDisagree).toBeChecked();
  await page.keyboard.press('ArrowDown');
  const disagree = first.getByRole('radio', { name: 'En desacuerdo', exact: true });
  await expect(disagree).toBeChecked();
  await expect(disagree).toBeFocused();
  await fitsTheScreen(page);
  await expectNoAxeViolations(page, '/expectations (es, 375 px)');
  expect(errors).toEqual([]);
  await context.close();
});
