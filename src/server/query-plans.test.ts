import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/schema';
import type { AppDeps } from './deps/app-deps';
import { ensureAdmin } from './features/auth/admin-bootstrap';
import { deleteExpiredSessions, resolveSession } from './features/auth/sessions';
import { openFrameworkDownload } from './features/frameworks/service';
import { storeFrameworkPdf } from './features/frameworks/test-support';
import { makeSamplePdf } from './features/demo/seed';
import { prepareCodeRequest } from './features/mail/service';
import { handleStripeWebhook } from './features/payments/service';
import { signedEvent } from './test/stripe-double';
import { createInvite, setPrivateAnswers } from './features/partners/service';
import { assertCouple } from './features/auth/access';
import * as contactService from './features/contact/service';
import { exportOrdersCsv } from './features/orders/admin-service';
import { addOrder } from './features/orders/test-support';
import { exportOurData, keepsakeParts } from './features/our-data/service';
import { bundledTopics } from './features/inventory/content';
import { adminCookie, createCouple, createTestApp, sessionCookie, type TestApp } from './test/harness';
import { createCallerFactory, type Context } from './trpc/init';
import { appRouter } from './trpc/router';

/**
 * Every query a couple's requests run (and every sign-in lookup) uses an index: EXPLAIN QUERY PLAN
 * of the real SQL, captured with Kysely's log hook while the procedures and services run against
 * a test app, never shows a SCAN of a per-couple table. A SCAN there costs time in proportion to
 * the number of couples (the bench compares 100,000 with 10).
 */
const PER_COUPLE_TABLES = [
  'progress',
  'workbook_responses',
  'week_summaries',
  'sessions',
  'accounts',
  'orders',
  'couples',
  'partner_invites',
  'week_shares',
  'reminders_sent',
  'outbound_emails',
  'couple_plans',
  'couple_pauses',
  'inventory_rounds',
  'inventory_answers',
  'course_time',
  'course_beats',
  'offline_time',
  'certificate_names',
  'facilitator_links',
  'mentor_shares',
  'seat_redemptions',
  'cohort_removals',
];
const SCAN = new RegExp(`\\bSCAN (${PER_COUPLE_TABLES.join('|')})\\b`);
/**
 * The admin inbox's lists must come sorted from an index at any size (100,000 messages): no scan
 * of contact_messages and no sort. Searching message text is the one exception (ADMIN_SEARCH).
 */
const INBOX_SCAN_OR_SORT = /\bSCAN contact_messages\b(?! USING)|USE TEMP B-TREE/;

/** How each procedure is exercised: as a couple, or signing in (anonymous), with its input. */
const COUPLE_CALLS: Record<string, unknown> = {
  'auth.check': undefined,
  'auth.session': undefined,
  'profile.get': undefined,
  'payments.buyer': undefined,
  'profile.update': { userDisplayName: 'Robin', partnerName: 'Casey', weddingDate: '2027-06-12' },
  'profile.setLocale': { locale: 'es' },
  'progress.progression': undefined,
  'progress.access': undefined,
  'progress.list': undefined,
  'progress.streak': { timeZone: 'America/New_York' },
  'progress.complete': { weekNumber: 1 },
  'progress.update': { weekNumber: 2, notes: 'We talked about money.', rating: 4 },
  'frameworks.list': undefined,
  'frameworks.withAccess': undefined,
  'workbook.content': { weekNumber: 1 },
  'workbook.get': { weekNumber: 1, partner: 'partner1' },
  'workbook.save': {
    weekNumber: 1,
    partner: 'partner1',
    reflectionAnswers: ['We listen first.'],
    discussionNotes: '',
    activityResponse: '',
    weeklyCommitment: '',
    conversationCards: [],
  },
  'workbook.answers': { weekNumber: 1, partner: 'partner1' },
  'workbook.saveAnswers': { weekNumber: 1, partner: 'partner1', reflectionAnswers: { 'w01-q2': 'We pause.' } },
  'workbook.summary': { weekNumber: 1 },
  // Refused (partner 2 has not answered) after reading both partners' rows, which is what is checked.
  'workbook.generateSummary': { weekNumber: 1 },
  'mail.reminders': undefined,
  'mail.setReminders': { weeklyReminders: true },
  'partners.settings': undefined,
  'partners.createInvite': { email: 'plans-invited@example.com' },
  // The invite just made (the first of the database).
  'partners.revokeInvite': { inviteId: 1 },
  'partners.weekShare': { weekNumber: 1 },
  'partners.setPrivateAnswers': { on: true },
  'plan.setTimeZone': { timeZone: 'Europe/Madrid' },
  'plan.overview': undefined,
  'plan.preview': { pace: 2 },
  'plan.accept': {},
  'plan.createCalendarFeed': undefined,
  'plan.revokeCalendarFeed': undefined,
  'plan.pause': { until: null },
  'plan.resume': undefined,
  'inventory.statements': { locale: 'es' },
  'inventory.saveAnswers': { partner: 'partner1', answers: { 'money-01': 4, 'safety-01': 2 } },
  'inventory.status': undefined,
  'inventory.answers': { partner: 'partner1' },
  // Refused (statements left) after reading the round and the answers, which is what is checked.
  'inventory.finish': { partner: 'partner1' },
  // Refused (sealed) after reading the rounds; startRetake refused (nothing revealed yet).
  'inventory.report': { locale: 'en' },
  'inventory.startRetake': undefined,
  'certificates.hours': undefined,
  'certificates.heartbeat': { weekNumber: 1, who: 'partner1' },
  'certificates.reportOfflineTime': { weekNumber: 1, minutes: 30, together: true },
  // The entry just reported (the first of the database).
  'certificates.deleteOfflineTime': { id: 1 },
  'certificates.setLegalName': { partner: 'partner1', legalName: 'Robin Lee' },
  'certificates.status': undefined,
  // Refused (the seller offers no state yet) after reading the provider settings.
  'certificates.request': { state: 'FL', intendedMarriageDate: '2027-06-12' },
  'push.publicKey': undefined,
  'push.subscribe': {
    subscription: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/plan',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
    deviceLabel: 'Chrome on Android',
  },
  'push.devices': undefined,
  // The device just subscribed (the first of the database).
  'push.unsubscribe': { deviceId: 1 },
  // Last: it ends the session.
  'auth.logout': undefined,
};
const SIGN_IN_CALLS: Record<string, unknown> = {
  'auth.register': { username: 'plans_new_couple', password: 'plans-password', confirmPassword: 'plans-password' },
  'auth.userLogin': { username: 'plans_couple', password: 'plans-password' },
  'auth.customerLogin': { email: 'plans-trial@example.com', accessCode: 'TRY-52-WEEKS' },
  'auth.adminLogin': { username: 'admin', password: 'not-the-admin-password' },
  // Refused: a made-up pending sign-in.
  'auth.adminSecondFactor': { pendingToken: '1.1.x.y', code: '123456' },
  'contact.send': {
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.com',
    subject: 'general',
    message: 'Hello!',
  },
  'orders.get': { paymentIntentId: 'pi_demoCompleted0001' },
  'orders.downloadWorkbook': { paymentIntentId: 'pi_demoCompleted0001' },
  'mail.requestCode': { email: 'plans_couple_mail@example.com' },
  // Refused: no coupon and no gift have these codes (each by its unique index).
  'payments.quote': { couponCode: 'NO-SUCH-CODE' },
  'gifts.preview': { code: 'GIFT-AAAA-BBBB-CCCC' },
  'gifts.redeem': { code: 'GIFT-AAAA-BBBB-CCCC' },
  'gifts.receipt': { token: 'A'.repeat(32) },
  'certificates.verify': { code: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA' },
};
/** Calls that end the couple they run as: each runs as a couple of its own. */
const LEAVING_COUPLE_CALLS: Record<string, unknown> = {
  'ourData.deleteAccount': { confirmation: 'DELETE' },
};
/** Admin procedures, run as the administrator (with messages and pages to read). */
const ADMIN_CALLS: Record<string, unknown> = {
  'contact.list': { page: 2, pageSize: 2 },
  'contact.countUnread': undefined,
  'contact.open': { id: 1 },
  'contact.setHandled': { id: 1, handled: true },
  'sitePages.listForEditing': undefined,
  'sitePages.save': { slug: 'refund', markdown: 'Refunds within 30 days.' },
  'insights.overview': undefined,
  'insights.auditLog': { page: 1 },
  'adminSecurity.status': undefined,
  'adminInventory.topics': undefined,
  'adminInventory.topic': { topicId: 'money' },
  'adminInventory.saveTopic': { topic: bundledTopics()[7] },
  'adminInventory.revertTopic': { topicId: 'money' },
  'adminSecurity.startSetup': undefined,
  // Refused (wrong code) after reading the pending set-up.
  'adminSecurity.confirmSetup': { code: '000000' },
  // Refused: the second factor is not on.
  'adminSecurity.disable': { code: '000000' },
  'adminPlan.pausedCouples': undefined,
  'adminCoupons.create': { code: 'PLANS-10', kind: 'percent', amount: 10 },
  'adminCoupons.update': { id: 1, coupon: { code: 'PLANS-10', kind: 'percent', amount: 15 } },
  'adminCoupons.list': undefined,
  'adminGifts.list': { status: 'all' },
  'adminGifts.record': {
    buyerName: 'Plans Giver',
    buyerEmail: 'plans-giver@example.com',
    coupleNames: 'Plans & Couple',
    coupleEmail: 'plans-couple@example.com',
    amount: 4900,
  },
  // Gift 1 is the one recorded just above on a new database (refused otherwise: no such gift).
  'adminGifts.resend': { id: 1 },
  'adminGifts.changeEmail': { id: 1, email: 'plans-gift@example.com' },
  'adminCertificates.provider': undefined,
  'adminCertificates.saveProvider': {
    providerName: 'Grace Counseling',
    credentials: '',
    contact: 'hello@grace.example',
    courseName: 'Vows & Weeks',
    deliveryMethod: 'online',
    offeredStates: ['FL'],
    registrations: { FL: 'FL-1' },
  },
  // Refused: not an image (checked before any query).
  'adminCertificates.saveSignature': { image: 'aGVsbG8=' },
  'adminCertificates.removeSignature': undefined,
  'adminCertificates.list': { search: 'robin' },
  // Refused: no certificate 1 here.
  'adminCertificates.revoke': { id: 1, reason: 'plans' },
};
/**
 * Partner sign-ins end to end (an invite previewed and accepted, a week shared by both, the
 * notice read and dismissed, the sign-in removed): run in setup with inputs made there.
 */
/**
 * Facilitators end to end (issue 38): the seller invites one and grants a pack, the facilitator
 * signs in and works on a cohort a couple joined, the couple shares, unshares and unlinks; run in
 * setup with inputs made there (run as 'admin ...' for the seller's, like the back office).
 */
const FACILITATOR_CALLS = [
  'adminFacilitators.invite',
  'adminFacilitators.list',
  'adminFacilitators.grantPack',
  'adminFacilitators.packs',
  'adminFacilitators.setPackExpiry',
  'adminFacilitators.refundPack',
  'adminFacilitators.revoke',
  'facilitator.previewInvite',
  'facilitator.acceptInvite',
  'facilitator.signIn',
  'facilitator.signOut',
  'facilitator.me',
  'facilitator.startTwoFactor',
  'facilitator.confirmTwoFactor',
  'facilitator.disableTwoFactor',
  'facilitator.createCohort',
  'facilitator.cohorts',
  'facilitator.cohort',
  'facilitator.sharedWeek',
  'facilitator.messageCohort',
  'facilitator.packs',
  'facilitator.pack',
  'facilitator.removeCouple',
  'facilitator.newJoinCode',
  'facilitator.newSeatCode',
  'mentor.get',
  'mentor.preview',
  'mentor.link',
  'mentor.shareWeek',
  'mentor.unshareWeek',
  'mentor.unlink',
];
const PARTNER_CALLS = [
  'partners.invite',
  'partners.acceptInvite',
  'partners.shareWeek',
  'partners.notices',
  'partners.dismissNotice',
  'partners.removeSignIn',
];
/** Every filter of the inbox's list, each checked for an index that returns its rows in order. */
const INBOX_FILTERS: unknown[] = [
  { subject: 'payment' },
  { subject: 'none' },
  { state: 'unread' },
  { state: 'open' },
  { state: 'handled' },
  { subject: 'general', state: 'open' },
];
/** A search reads message text, which no index holds: it walks the newest-first index, and counts. */
const ADMIN_SEARCH = { search: 'wedding' };
/** Calls whose refusal is expected here; the lookups they make before refusing are still checked. */
const REFUSAL_EXPECTED = new Set([
  // Without SMTP_URL a new code cannot reach the couple, and is not issued (decisions 0368, 0369).
  'adminCouples.issueCode',
  'adminOrders.resendAccess',
  // A made-up authenticator code; a week the couple has not revealed to each other.
  'facilitator.confirmTwoFactor',
  'facilitator.disableTwoFactor',
  'mentor.shareWeek',
  'facilitator.sharedWeek',
  'auth.adminLogin',
  'auth.adminSecondFactor',
  'adminSecurity.confirmSetup',
  'adminSecurity.disable',
  'workbook.generateSummary',
  'inventory.finish',
  'inventory.report',
  'inventory.startRetake',
  'certificates.request',
  'adminCertificates.revoke',
  'adminCertificates.saveSignature',
  'orders.get',
  'orders.downloadWorkbook',
  'payments.quote',
  'gifts.preview',
  'gifts.redeem',
  'gifts.receipt',
  'adminGifts.resend',
  'adminGifts.changeEmail',
]);
/**
 * The back office's procedures, called as the admin; each input is one call (lists unfiltered,
 * filtered and searched). Inputs that name records are functions of the records made in setup.
 * Their queries may walk a per-couple table only through an index (`SCAN orders USING INDEX
 * orders_created` for the newest page, `... USING COVERING INDEX` for a count), never the table
 * itself, and a search reads only its matches (decision 0146); docs/benchmarks.md times them with
 * 100,000 couples and orders.
 */
const BACK_OFFICE_CALLS: Record<string, (records: AdminRecords) => unknown[]> = {
  'adminOrders.list': () => [
    {},
    { page: 3, pageSize: 10 },
    { status: 'completed' },
    { search: 'noor' },
    { search: 'pi_Ab' },
    { search: 'noor h', status: 'pending' },
  ],
  'adminOrders.record': () => [
    { email: 'plans-buyer@example.com', firstName: 'Ana', lastName: 'Lima', status: 'completed' },
  ],
  'adminOrders.markPaid': (records) => [{ orderId: records.pendingOrderId }],
  'adminOrders.refund': (records) => [{ orderId: records.completedOrderId }, { orderId: records.completedOrderId }],
  'adminOrders.resendAccess': (records) => [{ orderId: records.refundedOrderId }],
  'adminCouples.list': () => [
    {},
    { page: 2, pageSize: 10 },
    { accessLevel: 'trial' },
    { activity: 'active7' },
    { activity: 'inactive', accessLevel: 'full' },
    { search: 'robin' },
    { search: 'plans_c' },
    { search: 'couple1' },
  ],
  'adminCouples.get': (records) => [{ coupleId: records.coupleId }],
  // Counts through the rounds' indexes; never reads an answer.
  'adminInventory.aggregate': () => [undefined],
  'adminCouples.grantFullAccess': (records) => [{ coupleId: records.trialCoupleId }],
  'adminCouples.issueCode': (records) => [{ coupleId: records.coupleId }],
  'adminCouples.endSessions': (records) => [{ coupleId: records.coupleId }],
  // Last: it deletes the couple.
  'adminCouples.delete': (records) => [{ coupleId: records.coupleId, confirmation: records.coupleEmail }],
};
interface AdminRecords {
  pendingOrderId: string;
  completedOrderId: string;
  refundedOrderId: string;
  coupleId: number;
  coupleEmail: string;
  trialCoupleId: number;
}
/** A bare scan of a per-couple table (not through one of its indexes). */
const BARE_SCAN = new RegExp(`\\bSCAN (${PER_COUPLE_TABLES.join('|')})$`);

/** Procedures that read no per-couple row, or read all of them on purpose (admin screens). */
const NOT_PER_COUPLE: Record<string, string> = {
  'publicConfig.get': 'configuration only',
  'frameworks.delete': 'admin: one framework by week number',
  'courseContent.list': 'admin: the 52 weeks of course content',
  'courseContent.get': 'admin: one week of course content',
  'courseContent.save': 'admin: one week of course content',
  'courseContent.revert': 'admin: one week of course content',
  'courseContent.history': 'admin: one week of course content, by (week_number, id)',
  'courseContent.restore': 'admin: one week of course content, by (week_number, id)',
  'sitePages.get': 'the site_pages table: four rows at most, by primary key',
  'sitePages.listPublished': 'the site_pages table: four rows at most',
  'mail.outbox': 'admin: the outbox, newest first by its primary key',
  'mail.retry': 'admin: one queued email by id',
  'mail.replyToMessage': 'admin: one contact message by id, and the reply queued',
  'adminPlan.coreWeeks': 'admin: the core_weeks table, 52 rows at most',
  'adminPlan.setCoreWeek': 'admin: one core_weeks row by week number',
  'payments.startCheckout': 'no query: a Checkout Session created at Stripe (the webhook is run below)',
  'payments.startGiftCheckout': 'one gifts row inserted, then a Checkout Session created at Stripe',
  'facilitator.buySeats': 'one seat_packs row inserted, then a Checkout Session created at Stripe',
  'adminFacilitators.revenue': 'admin: totals of every completed order and active pack by channel, on purpose',
};

const WEBHOOK_SECRET = 'whsec_plans';
let t: TestApp;
let sqlite: SQLite.Database;
let logged: Kysely<Database>;
const captured: CompiledQuery[] = [];
const plans = new Map<string, string[]>();

function planOf(query: CompiledQuery): string[] {
  const statement = sqlite.prepare(`explain query plan ${query.sql}`);
  return (statement.all(...(query.parameters as unknown[])) as { detail: string }[]).map((row) => row.detail);
}

beforeAll(async () => {
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_plans', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  // A second connection to the app's file, logging every query it runs (compiled-once ones too).
  sqlite = new SQLite(t.config.databaseFile);
  logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const deps: AppDeps = { ...t.deps, db: logged };
  // Some couples and data around the one being exercised, so no table is empty.
  for (let i = 0; i < 5; i += 1) await createCouple(t.deps, { accessLevel: i % 2 ? 'trial' : 'full' });
  await createCouple(t.deps, { username: 'plans_couple', password: 'plans-password', accessLevel: 'full' });
  const couple = await createCouple(t.deps, { accessLevel: 'full' });
  await storeFrameworkPdf(
    t.deps,
    { weekNumber: 1, title: 'Week 1', description: '' },
    await makeSamplePdf('Week 1', 'plans'),
  );
  const cookie = await sessionCookie(t.deps, couple.accountId);
  const token = cookie.split('=')[1]!;

  const reply = { setCookie: () => reply, clearCookie: () => reply, header: () => reply };
  const callerAs = async (sessionToken: string | undefined) => {
    const req = { cookies: sessionToken ? { sid: sessionToken } : {}, headers: {}, ip: '127.0.0.1' };
    const ctx = { deps, req, reply, auth: await resolveSession(logged, sessionToken) } as unknown as Context;
    return createCallerFactory(appRouter)(ctx);
  };
  const call = async (caller: Awaited<ReturnType<typeof callerAs>>, path: string, input: unknown) => {
    const [feature, name] = path.split('.') as [string, string];
    const procedure = (caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[
      feature
    ]![name]!;
    // A refused call (wrong admin password, unknown order) still runs its lookups, which is what is checked.
    await procedure(input).catch((error: unknown) => {
      if (!REFUSAL_EXPECTED.has(path)) throw error;
    });
  };

  const run = async (label: string, action: () => Promise<unknown>) => {
    const from = captured.length;
    await action();
    for (const query of captured.slice(from)) plans.set(`${label}: ${query.sql}`, planOf(query));
  };
  let asCouple!: Awaited<ReturnType<typeof callerAs>>;
  await run('session lookup', async () => {
    asCouple = await callerAs(token);
  });
  for (const [path, input] of Object.entries(COUPLE_CALLS)) await run(path, () => call(asCouple, path, input));
  for (const [path, input] of Object.entries(SIGN_IN_CALLS))
    await run(path, async () => call(await callerAs(undefined), path, input));
  // Partner sign-ins, on a couple of their own (PARTNER_CALLS).
  const pair = await createCouple(t.deps, { accessLevel: 'full' });
  const ownerToken = (await sessionCookie(t.deps, pair.accountId)).split('=')[1]!;
  const invite = await createInvite(t.deps, assertCouple(await resolveSession(t.deps.db, ownerToken)), {});
  await run('partners.invite', async () => call(await callerAs(undefined), 'partners.invite', { code: invite.code }));
  const partnerEmail = 'plans-partner@example.com';
  await run('partners.acceptInvite', async () =>
    call(await callerAs(undefined), 'partners.acceptInvite', { code: invite.code, email: partnerEmail }),
  );
  await setPrivateAnswers(t.deps, assertCouple(await resolveSession(t.deps.db, ownerToken)), true);
  const partnerAccount = await t.deps.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', partnerEmail)
    .executeTakeFirstOrThrow();
  const partnerToken = (await sessionCookie(t.deps, partnerAccount.id)).split('=')[1]!;
  const owner = await callerAs(ownerToken);
  await run('partners.shareWeek', () => call(owner, 'partners.shareWeek', { weekNumber: 1 }));
  await run('partners.shareWeek', async () =>
    call(await callerAs(partnerToken), 'partners.shareWeek', { weekNumber: 1 }),
  );
  await run('partners.notices', () => call(owner, 'partners.notices', undefined));
  await run('partners.dismissNotice', () => call(owner, 'partners.dismissNotice', { weekNumber: 1 }));
  await run('partners: sealed read', async () =>
    call(await callerAs(partnerToken), 'workbook.answers', { weekNumber: 1, partner: 'partner1' }),
  );
  await run('partners.removeSignIn', () => call(owner, 'partners.removeSignIn', { accountId: partnerAccount.id }));
  // The back office, as the administrator, with some contact messages to list.
  for (let i = 0; i < 6; i += 1) {
    await contactService.sendContactMessage(
      t.deps,
      { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', subject: 'general', message: `Hello ${i}` },
      `10.1.0.${i}`,
    );
  }
  const admin = await t.deps.db
    .selectFrom('accounts')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  const asAdmin = await callerAs((await sessionCookie(t.deps, admin.id)).split('=')[1]!);
  for (const [path, input] of Object.entries(ADMIN_CALLS)) await run(path, () => call(asAdmin, path, input));
  for (const [index, input] of INBOX_FILTERS.entries())
    await run(`inbox filter ${index}`, () => call(asAdmin, 'contact.list', input));
  await run('inbox search', () => call(asAdmin, 'contact.list', ADMIN_SEARCH));
  // REST-only and start-up paths that read per-couple rows.
  const again = await sessionCookie(t.deps, couple.accountId);
  const viewer = assertCouple(await resolveSession(logged, again.split('=')[1]));
  await run('download-framework', async () => (await openFrameworkDownload(deps, viewer, 1)).stream.destroy());
  await run('our-data export', async () => {
    for await (const _chunk of exportOurData(deps, viewer));
  });
  await run('keepsake parts', async () => {
    for await (const _part of keepsakeParts(deps, viewer));
  });
  await run('start-up: expired sessions', () => deleteExpiredSessions(logged));
  await run('start-up: admin account', () => ensureAdmin(deps, () => {}));

  // The back office, as the admin, on some orders around a couple with progress.
  await adminCookie(t.deps);
  const target = await createCouple(t.deps, { accessLevel: 'full', email: 'plans-target@example.com' });
  await sessionCookie(t.deps, target.accountId);
  const trial = await createCouple(t.deps, { accessLevel: 'trial' });
  for (let i = 0; i < 5; i += 1) await addOrder(t.deps, { status: i % 2 ? 'pending' : 'completed' });
  const records: AdminRecords = {
    pendingOrderId: (await addOrder(t.deps, { status: 'pending', email: 'plans-pending@example.com' })).id,
    completedOrderId: (await addOrder(t.deps, { email: target.email, coupleId: target.coupleId })).id,
    refundedOrderId: (await addOrder(t.deps, { status: 'refunded', email: target.email, coupleId: target.coupleId }))
      .id,
    coupleId: target.coupleId,
    coupleEmail: target.email,
    trialCoupleId: trial.coupleId,
  };
  for (const [path, inputs] of Object.entries(BACK_OFFICE_CALLS)) {
    for (const input of inputs(records)) await run(`admin ${path}`, () => call(asAdmin, path, input));
  }
  await run('admin orders.csv', async () => {
    for await (const _chunk of exportOrdersCsv(deps, { search: '', status: 'completed' }));
  });
  // Stripe's webhook: a paid session (a new buyer, then the signed-in couple's account), a refund, a replay.
  const webhook = async (type: string, object: Record<string, unknown>, id?: string) => {
    const event = signedEvent(WEBHOOK_SECRET, type, object, { id });
    await handleStripeWebhook(deps, Buffer.from(event.payload), event.signature);
    return event.id;
  };
  const paid = (paymentIntent: string, email: string, reference: string | null = null) => ({
    id: `cs_test_${paymentIntent}`,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: paymentIntent,
    amount_total: 4900,
    currency: 'usd',
    customer_details: { email },
    client_reference_id: reference,
    metadata: { firstName: 'Ana', lastName: 'Lima' },
  });
  let eventId = '';
  await run('webhook: paid session', async () => {
    eventId = await webhook('checkout.session.completed', paid('pi_plansStripe0001', 'plans-stripe@example.com'));
  });
  await run('webhook: signed-in couple', () =>
    webhook('checkout.session.completed', paid('pi_plansStripe0002', trial.email, String(trial.accountId))),
  );
  await run('webhook: refund', () =>
    webhook('charge.refunded', {
      id: 'ch_plans',
      object: 'charge',
      refunded: true,
      payment_intent: 'pi_plansStripe0001',
    }),
  );
  await run('webhook: replay', () => webhook('checkout.session.completed', paid('pi_x', 'x@example.com'), eventId));
  // Facilitators (FACILITATOR_CALLS): cookies the sign-ins set are kept to call as the facilitator.
  const cookies = new Map<string, string>();
  const keeping = {
    setCookie: (name: string, value: string) => {
      cookies.set(name, value);
      return keeping;
    },
    clearCookie: () => keeping,
  };
  const facilitatorAs = async () => {
    const req = { cookies: { fsid: cookies.get('fsid') }, headers: {}, ip: '127.0.0.2' };
    const ctx = { deps, req, reply: keeping, auth: { kind: 'anonymous' } } as unknown as Context;
    return createCallerFactory(appRouter)(ctx);
  };
  let inviteLink = '';
  await run('admin adminFacilitators.invite', async () => {
    inviteLink = (
      await asAdmin.adminFacilitators.invite({
        name: 'Plans Pastor',
        email: 'plans-pastor@example.com',
        kind: 'pastor',
        organisation: 'Plans Parish',
      })
    ).inviteLink;
  });
  const inviteToken = new URLSearchParams(new URL(inviteLink).hash.slice(1)).get('token')!;
  const anonymousWithCookies = await facilitatorAs();
  await run('facilitator.previewInvite', () =>
    call(anonymousWithCookies, 'facilitator.previewInvite', { token: inviteToken }),
  );
  await run('facilitator.acceptInvite', () =>
    call(anonymousWithCookies, 'facilitator.acceptInvite', {
      token: inviteToken,
      password: 'plans facilitator password',
    }),
  );
  await run('facilitator.signIn', () =>
    call(anonymousWithCookies, 'facilitator.signIn', {
      email: 'plans-pastor@example.com',
      password: 'plans facilitator password',
    }),
  );
  const asFacilitator = await facilitatorAs();
  const facilitatorId = (await asFacilitator.facilitator.me()).id;
  for (const path of ['facilitator.me', 'facilitator.startTwoFactor', 'facilitator.cohorts', 'facilitator.packs'])
    await run(path, () => call(asFacilitator, path, undefined));
  await run('facilitator.confirmTwoFactor', () =>
    call(asFacilitator, 'facilitator.confirmTwoFactor', { code: '000000' }),
  );
  await run('facilitator.disableTwoFactor', () =>
    call(asFacilitator, 'facilitator.disableTwoFactor', { code: '000000' }),
  );
  let cohort = { id: 0, joinCode: '' };
  await run('facilitator.createCohort', async () => {
    cohort = await asFacilitator.facilitator.createCohort({ name: 'Plans cohort' });
  });
  let pack = { id: 0, code: '' };
  await run('admin adminFacilitators.grantPack', async () => {
    pack = await asAdmin.adminFacilitators.grantPack({ facilitatorId, seats: 3 });
  });
  await run('facilitator.pack', () => call(asFacilitator, 'facilitator.pack', { packId: pack.id }));
  const joining = await createCouple(t.deps, { accessLevel: 'trial' });
  const asJoining = await callerAs((await sessionCookie(t.deps, joining.accountId)).split('=')[1]!);
  await run('mentor.preview', () => call(asJoining, 'mentor.preview', { code: cohort.joinCode }));
  await run('mentor.link', () => call(asJoining, 'mentor.link', { code: pack.code }));
  await run('mentor.shareWeek', () => call(asJoining, 'mentor.shareWeek', { weekNumber: 1 }));
  await run('mentor.get', () => call(asJoining, 'mentor.get', undefined));
  await run('facilitator.cohort', () => call(asFacilitator, 'facilitator.cohort', { cohortId: cohort.id }));
  await run('facilitator.sharedWeek', () =>
    call(asFacilitator, 'facilitator.sharedWeek', { coupleId: joining.coupleId, weekNumber: 1 }),
  );
  await run('facilitator.messageCohort', () =>
    call(asFacilitator, 'facilitator.messageCohort', {
      cohortId: cohort.id,
      subject: 'Hello',
      body: 'See you Sunday.',
    }),
  );
  await run('mentor.unshareWeek', () => call(asJoining, 'mentor.unshareWeek', { weekNumber: 1 }));
  await run('facilitator.removeCouple', () =>
    call(asFacilitator, 'facilitator.removeCouple', { cohortId: cohort.id, coupleId: joining.coupleId }),
  );
  await run('facilitator.newJoinCode', async () => {
    cohort = await asFacilitator.facilitator.newJoinCode({ cohortId: cohort.id });
  });
  await run('facilitator.newSeatCode', () => call(asFacilitator, 'facilitator.newSeatCode', { packId: pack.id }));
  // Removed, the couple cannot join that cohort again (decision 0360): they join another, to unlink themselves.
  const another = await asFacilitator.facilitator.createCohort({ name: 'Plans cohort, another' });
  await asJoining.mentor.link({ code: another.joinCode });
  await run('mentor.unlink', () => call(asJoining, 'mentor.unlink', undefined));
  for (const path of ['adminFacilitators.list', 'adminFacilitators.packs'])
    await run(`admin ${path}`, () => call(asAdmin, path, undefined));
  await run('admin adminFacilitators.setPackExpiry', () =>
    call(asAdmin, 'adminFacilitators.setPackExpiry', { packId: pack.id, expiresOn: '2099-01-01' }),
  );
  await run('admin adminFacilitators.refundPack', () =>
    call(asAdmin, 'adminFacilitators.refundPack', { packId: pack.id, revokeAccess: true }),
  );
  await run('facilitator.signOut', () => call(asFacilitator, 'facilitator.signOut', undefined));
  await run('admin adminFacilitators.revoke', () => call(asAdmin, 'adminFacilitators.revoke', { facilitatorId }));
  // The mail worker's half of "Email me my code": the account looked up by its email.
  await run('mail worker: code request', () => prepareCodeRequest(deps, 0, 'plans_couple_mail@example.com', 0));
  for (const [path, input] of Object.entries(LEAVING_COUPLE_CALLS)) {
    const leaving = await createCouple(t.deps, { accessLevel: 'full' });
    const asLeaving = await callerAs((await sessionCookie(t.deps, leaving.accountId)).split('=')[1]!);
    await run(path, () => call(asLeaving, path, input));
  }
}, 60_000);

afterAll(async () => {
  await logged?.destroy();
  await t?.close();
});

describe('query plans', () => {
  it('exercise every procedure of the API, or say why it is not per-couple', () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    const known = new Set([
      ...Object.keys(COUPLE_CALLS),
      ...Object.keys(SIGN_IN_CALLS),
      ...Object.keys(LEAVING_COUPLE_CALLS),
      ...Object.keys(ADMIN_CALLS),
      ...Object.keys(NOT_PER_COUPLE),
      ...Object.keys(BACK_OFFICE_CALLS),
      ...PARTNER_CALLS,
      ...FACILITATOR_CALLS,
    ]);
    const missing = procedures.filter((path) => !known.has(path));
    expect(
      missing,
      'Add these procedures to COUPLE_CALLS / SIGN_IN_CALLS (with an input) or NOT_PER_COUPLE in query-plans.test.ts',
    ).toEqual([]);
  });

  it('captured the real queries of those calls', () => {
    const sql = [...plans.keys()].join('\n');
    for (const table of ['progress', 'sessions', 'accounts', 'couples', 'frameworks'])
      expect(sql).toContain(`"${table}"`);
    expect(sql).toContain('session lookup: select "sessions"."id" as "sessionId"');
    expect(plans.size).toBeGreaterThan(20);
  });

  it("never scan a per-couple table (the back office's lists only through an index)", () => {
    const scans = [...plans].filter(([query, details]) =>
      details.some((detail) => (query.startsWith('admin ') ? BARE_SCAN : SCAN).test(detail)),
    );
    expect(scans.map(([query, details]) => `${query}\n    ${details.join('\n    ')}`)).toEqual([]);
  });

  it('list the inbox in index order, without a scan or a sort, except when searching its text', () => {
    const inbox = [...plans].filter(
      ([query]) => query.includes('"contact_messages"') && !query.startsWith('inbox search'),
    );
    expect(inbox.length).toBeGreaterThan(INBOX_FILTERS.length * 2);
    const slow = inbox.filter(([, details]) => details.some((detail) => INBOX_SCAN_OR_SORT.test(detail)));
    expect(slow.map(([query, details]) => `${query}\n    ${details.join('\n    ')}`)).toEqual([]);
    // The search still reads the newest first from the index: no sort of every match.
    const search = [...plans].filter(([query]) => query.startsWith('inbox search') && query.includes('limit'));
    expect(search.length).toBe(1);
    expect(search[0]![1].some((detail) => detail.includes('USE TEMP B-TREE'))).toBe(false);
  });

  it('would notice a scan', () => {
    expect(BARE_SCAN.test('SCAN orders')).toBe(true);
    expect(BARE_SCAN.test('SCAN orders USING INDEX orders_created')).toBe(false);
    expect(
      planOf({
        sql: 'select week_number from progress where notes = ?',
        parameters: ['x'],
      } as unknown as CompiledQuery).some((d) => SCAN.test(d)),
    ).toBe(true);
    expect(
      planOf({
        sql: 'select id from couples where display_name = ?',
        parameters: ['x'],
      } as unknown as CompiledQuery).some((d) => SCAN.test(d)),
    ).toBe(true);
  });
});
