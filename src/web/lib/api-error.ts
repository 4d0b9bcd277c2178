import { TRPCClientError } from '@trpc/client';
import { formatCount, formatDate, formatList } from '../../shared/i18n/format';
import type { MessageId, MessageValues } from '../../shared/i18n/locales';
import { activeLocale, i18n, translate } from '../i18n/i18n';
import { MUTATION_TIMEOUT_MS, NotSavedError } from './network';
import { RestError } from './rest';

/*
 * The refusals a seller meets in the back office (orders, gifts, coupons, seat packs,
 * facilitators, certificates, couples), each with the id of its text in the `errors` catalogs
 * (errors.admin.*): a Spanish admin page said "try again" for every one (issue 35). The server keeps
 * its English; the English catalog says the same sentence.
 */

/** The back office's fixed sentences. */
const BACK_OFFICE_MESSAGES: Record<string, MessageId> = {
  // Orders: mark paid, refund, resend access.
  'Order not found': 'errors.admin.orderNotFound',
  'This order is not paid yet: mark it paid to issue a code.': 'errors.admin.orderNotPaid',
  'Stripe reported this payment failed, so the order cannot be marked paid. The buyer can pay again from the course page.':
    'errors.admin.markPaidPaymentFailed',
  'This order paid for a gift that has been opened: issue the couple a new code on their page (Couples).':
    'errors.admin.giftOrderOpened',
  // Gifts: resend, change the email.
  'Gift not found.': 'errors.admin.giftNotFound',
  'This gift has been opened already: there is nothing to resend or change.': 'errors.admin.giftOpened',
  'This gift was refunded, so its code no longer opens the course: there is nothing to resend or change.':
    'errors.admin.giftRefunded',
  'The gift this order was for is paid by another order already: refund this payment in Stripe instead.':
    'errors.admin.giftPaidByAnotherOrder',
  // Coupons.
  'A coupon with this code exists already.': 'errors.admin.couponCodeTaken',
  'Coupon not found.': 'errors.admin.couponNotFound',
  // Facilitators and seat packs.
  'A facilitator with this email exists already.': 'errors.admin.facilitatorEmailTaken',
  'Facilitator not found.': 'errors.admin.facilitatorNotFound',
  'This facilitator is revoked already.': 'errors.admin.facilitatorRevokedAlready',
  'This facilitator is no longer active, so the code cannot be used.': 'errors.admin.facilitatorInactive',
  'Seat pack not found.': 'errors.admin.packNotFound',
  // The facilitator's own area: a couple removed meanwhile (another tab), a cohort that is not theirs.
  'This couple is not linked to you.': 'errors.admin.coupleNotLinkedToYou',
  'Cohort not found.': 'errors.admin.cohortNotFound',
  'Only an active seat pack can be refunded.': 'errors.admin.packNotRefundable',
  // Certificates: the signature, revoking.
  'Save the provider settings first, then add the signature.': 'errors.admin.signatureBeforeSettings',
  'The signature image is empty.': 'errors.admin.signatureEmpty',
  'The signature must be a PNG or JPEG image.': 'errors.admin.signatureType',
  'The signature image could not be read: save it again as a PNG or JPEG.': 'errors.admin.signatureUnreadable',
  'This certificate is already revoked.': 'errors.admin.certificateRevokedAlready',
  'No such certificate.': 'errors.admin.certificateNotFound',
  // Couples: a new code, deleting an account.
  'Couple not found': 'errors.admin.coupleNotFound',
  'This couple signs in with a username and password only: a code needs an email to sign in with.':
    'errors.admin.coupleWithoutEmail',
  'Email is not set up on this server (SMTP_URL), so a new code cannot be sent to the couple. Nothing was changed.':
    'errors.admin.codeNotSentWithoutMail',
  "confirmation does not match: type the couple's email or username exactly to delete the account.":
    'errors.admin.deleteConfirmation',
};

/** The back office's sentences that name an email, a username, an order's status or a size. */
const BACK_OFFICE_PATTERNS: { pattern: RegExp; id: MessageId; values: (match: string) => MessageValues }[] = [
  {
    pattern: /^Only a pending order can be marked paid; this one is (\w+)\.$/,
    id: 'errors.admin.markPaidNotPending',
    values: (status) => ({ status }),
  },
  {
    pattern: /^Only a completed order can be refunded; this one is (\w+)\.$/,
    id: 'errors.admin.refundNotCompleted',
    values: (status) => ({ status }),
  },
  {
    pattern: /^The email (\S+) is reserved for the demo account \(DEMO_EMAIL\)\.$/,
    id: 'errors.admin.demoEmailMarkPaid',
    values: (email) => ({ email }),
  },
  {
    pattern: /^The email (\S+) is reserved for the demo account \(DEMO_EMAIL\); use the buyer's own email\.$/,
    id: 'errors.admin.demoEmailRecord',
    values: (email) => ({ email }),
  },
  {
    pattern:
      /^The email (\S+) already belongs to another account; record the order without --username to upgrade that account, or use another email\.$/,
    id: 'errors.admin.emailTaken',
    values: (email) => ({ email }),
  },
  {
    pattern: /^The email (\S+) belongs to an administrator account\.$/,
    id: 'errors.admin.emailIsAdmin',
    values: (email) => ({ email }),
  },
  {
    pattern: /^No account registered with the username (\S+)\.$/,
    id: 'errors.admin.noSuchUsername',
    values: (username) => ({ username }),
  },
  {
    pattern: /^No account signs in with (\S+)\.$/,
    id: 'errors.admin.noAccountForEmail',
    values: (email) => ({ email }),
  },
  {
    pattern: /^This order paid for a gift for (\S+), not opened yet: resend the gift email on the Gifts page\.$/,
    id: 'errors.admin.giftOrderUnopened',
    values: (email) => ({ email }),
  },
  {
    pattern: /^The signature image must be at most (\d+) KB\.$/,
    id: 'errors.admin.signatureTooLarge',
    values: (kb) => ({ kb: Number(kb) }),
  },
];

/**
 * The API's messages a couple may read, in English as docs/product.md#http-api fixes them, each with the id of
 * its text in the `errors` catalogs: the page shows that text in its own language.
 */
const KNOWN_MESSAGES: Record<string, MessageId> = {
  'You need to complete the previous week first.': 'errors.previousWeek',
  'This couple account no longer exists.': 'errors.noCouple',
  'You can only access your own data.': 'errors.ownDataOnly',
  // The same browser signed in to the back office since the couple's page was opened.
  "Administrators cannot open a couple's private data.": 'errors.adminNotCouple',
  // "Add to calendar" once the plan was paused, or its last session done, on another device.
  'There is no planned session to add.': 'errors.plan.noNextSession',
  'Answers must be keyed by question id.': 'errors.answersById',
  'Sharing is for private answers: turn them on in Profile first.': 'errors.sharingNeedsPrivate',
  'Private answers stay on while your partner has answers to "What we each expect" that are still sealed: they open once you have both finished.':
    'errors.privateStaysOnInventory',
  'You cannot remove your own sign-in. Sign out instead.': 'errors.ownSignIn',
  // "Delete our account": the demo account stays (src/server/features/our-data/service.ts).
  'The demo account is shared by every visitor and cannot be deleted.': 'errors.ourData.demoKept',
  // "Delete our account": the Spanish page asks for ELIMINAR (decision 0340).
  'confirmation does not match: type your email, your username or DELETE exactly.':
    'errors.ourData.confirmationMismatch',
  'No pending invite with this id.': 'errors.noInvite',
  'This invite link is not valid. Ask your partner for a new one.': 'errors.inviteInvalid',
  'This invite has already been used. Sign in instead.': 'errors.inviteUsed',
  'This invite was withdrawn. Ask your partner for a new one.': 'errors.inviteWithdrawn',
  'This invite has expired. Ask your partner for a new one.': 'errors.inviteExpired',
  // A session that ended meanwhile (signed out on another device, a sign-in removed): the couple's
  // procedures (src/server/features/auth/access.ts) and the facilitator's area.
  'Please sign in to continue.': 'errors.signInToContinue',
  'Please sign in to your facilitator area.': 'errors.facilitator.signIn',
  // The facilitator's two-factor sign-in, changed meanwhile in another tab or its set-up forgotten
  // (src/server/features/facilitators/service.ts): not a wrong code.
  'Two-factor sign-in is already on. Turn it off first to set it up again.': 'errors.facilitator.twoFactorOnAlready',
  'Two-factor sign-in is already on.': 'errors.facilitator.twoFactorOn',
  'Two-factor sign-in is off.': 'errors.facilitator.twoFactorOff',
  'Start the set-up first: no set-up is waiting for a code.': 'errors.facilitator.twoFactorNoSetUp',
  // The couple's /mentor page: a cohort their facilitator removed them from (decision 0360).
  'Your facilitator removed you from this cohort, so its codes no longer link you to it. Your course and your answers stay yours. If you think this is a mistake, please talk to your facilitator.':
    'errors.mentor.removedFromCohort',
  'No cohort or seat pack has this code. Check the code your facilitator gave you.': 'errors.mentor.codeUnknown',
  'You have redeemed a seat of this pack already.': 'errors.mentor.seatAlreadyTaken',
  'This seat pack has no seats left, has expired or was refunded. Ask your facilitator.': 'errors.mentor.noSeatsLeft',
  'You are linked to this cohort already.': 'errors.mentor.alreadyLinked',
  'You are not linked to a facilitator.': 'errors.mentor.notLinked',
  'Share this week with each other first; then you can share it with your mentor.': 'errors.mentor.shareAfterReveal',
  'Your partner already has a sign-in for you. Sign in instead.': 'errors.partnerHasSignIn',
  // Accepting an invite with an email that signs in already (the inviting partner's, often): said
  // under the email field, without its path.
  'email: this email already has a sign-in. Use another email, or sign in with it.': 'errors.emailHasSignIn',
  // The couple's gift page (/redeem).
  'No gift has this code. Check the code on your card or email.': 'errors.gifts.notFound',
  'This gift has already been opened. Sign in with your personal code instead.': 'errors.gifts.alreadyOpened',
  'This gift was refunded, so it can no longer be opened. Please ask the person who gave it.': 'errors.gifts.refunded',
  'This gift cannot be opened with the demo account’s email. Please contact us.': 'errors.gifts.demoEmail',
  'Sign out of the back office to open a gift.': 'errors.gifts.signOutAdmin',
  'You are signed in with the demo account, which cannot receive a gift. Sign out (or sign in to your own account), then open the gift again.':
    'errors.gifts.signOutDemo',
  // The buyer's printable card (/gift/sent): not paid yet, or refunded or forgotten since the page was opened.
  'This gift is not paid yet: its card is ready once the payment is confirmed.': 'errors.gifts.cardNotPaid',
  'This gift was refunded, so its code no longer opens the course.': 'errors.gifts.cardRefunded',
  "This gift has been opened and no longer holds the couple's names, so its card is no longer available.":
    'errors.gifts.cardForgotten',
  'Certificates are for couples who have the full course. Get the full course, then ask for your certificate.':
    'errors.certificates.needsFull',
  'Certificates are for couples who have the full course. Get the full course, then download your certificate.':
    'errors.certificates.downloadNeedsFull',
  'Both partners must enter their legal names before asking for a certificate.': 'errors.certificates.bothNames',
  'Certificates are not offered for any state yet.': 'errors.certificates.noStateOffered',
  'This certificate was revoked; it can no longer be downloaded.': 'errors.certificates.revokedDownload',
  'You can only log your own time. Your partner logs theirs when signed in.': 'errors.certificates.ownTimeOnly',
  'Time together is logged from the shared sign-in, where you both sit.': 'errors.certificates.togetherShared',
  'You can only edit your own answers. Your partner edits theirs when signed in.': 'errors.ownAnswersOnly',
  // Answers sealed meanwhile (private answers turned on, a retake started on another device): the
  // workbook's "this week is not open yet" and the report's "could not load" said less.
  "Your partner's answers for this week are sealed: they open once you have both marked your answers as shared.":
    'errors.partnerAnswersSealed',
  "Your partner's answers are sealed: the report opens once you have both finished.": 'errors.inventory.sealed',
  'Both partners need to answer at least one reflection question before a summary can be generated.':
    'errors.summaryNeedsBoth',
  'Send notes or rating (or both) to save.': 'errors.nothingToSave',
  // "What we each expect" (src/server/features/inventory/service.ts): answers finished meanwhile on
  // another device, a round revealed or a retake asked for too early.
  'These answers are finished: they stay as they are until a retake.': 'errors.inventory.finished',
  'There is no inventory in progress.': 'errors.inventory.noneInProgress',
  'A retake opens once you have both finished.': 'errors.inventory.retakeAfterBoth',
  'The request body is too large.': 'errors.tooLarge',
  'Welcome! Your own sign-in is ready.': 'errors.welcomeSignIn',
  // Sign-in, register and "Email me my code" (docs/product.md#http-api; issue 35).
  'Invalid username or password': 'errors.auth.invalidCredentials',
  'Invalid email or access code': 'errors.auth.invalidEmailOrCode',
  'Username is already taken': 'errors.auth.usernameTaken',
  'Invalid code': 'errors.auth.invalidCode',
  'Your sign-in has expired. Please enter your password again.': 'errors.auth.pendingExpired',
  'If an account uses this email, a new personal access code is on its way. It replaces the old one. Please check your inbox (and the spam folder) in a few minutes.':
    'errors.auth.codeSent',
  // Certificates and gifts: the API's sentence names its field.
  'intendedMarriageDate must be today or later.': 'errors.certificates.weddingDatePast',
  'sendAt must be today or later.': 'errors.gifts.sendAtPast',
  // A coupon code on /checkout and /gift (src/server/features/coupons/service.ts and the shared
  // schema's rule): a Spanish page said "try again in a moment" for each.
  'This coupon code does not exist. Check the spelling, or continue without a code.': 'errors.coupons.unknown',
  'This coupon code is not active any more.': 'errors.coupons.inactive',
  'This coupon code has expired.': 'errors.coupons.expired',
  'This coupon code has been used as many times as it allows.': 'errors.coupons.usedUp',
  'This coupon code is for a first purchase only, and this email has bought before.': 'errors.coupons.firstPurchase',
  'couponCode may hold only letters, digits, - and _': 'errors.coupons.characters',
  // The plan on the dashboard (src/shared/plan.ts, src/server/features/plan/service.ts).
  'Choose a finish date after today.': 'errors.plan.finishNotAfterToday',
  'Choose a finish date within three years.': 'errors.plan.finishTooFar',
  'Choose a day after today to come back, or leave the break open.': 'errors.plan.pauseNotAfterToday',
  'A break can last up to a year; leave it open if you are not sure.': 'errors.plan.pauseTooLong',
  'Your plan is paused: resume it before changing it.': 'errors.plan.paused',
  'Accept a plan before pausing it.': 'errors.plan.acceptBeforePause',
  'Your plan is already paused.': 'errors.plan.alreadyPaused',
  'Your plan is not paused.': 'errors.plan.notPaused',
  'Accept a plan before adding it to a calendar.': 'errors.plan.acceptBeforeCalendar',
  // Checkout.
  'The payment page could not be opened just now. Please try again in a moment; nothing was charged.':
    'errors.checkout.unavailable',
  'This payment session was not found. Please start again from the course page.': 'errors.checkout.sessionNotFound',
  'Card payments are not configured on this server.': 'errors.checkout.paymentsNotConfigured',
  'This email is reserved for the demo account; please use your own email.': 'errors.checkout.demoEmailReserved',
  // The complete workbook on /success (docs/product.md#http-api).
  'Your order is complete. The workbook will be ready to download as soon as the first weekly frameworks are published.':
    'errors.workbook.noFrameworksYet',
  'Your workbook is being prepared. It will download here as soon as it is ready; this can take a minute.':
    'errors.workbook.preparing',
  'The workbook is not available yet: no weekly frameworks have been uploaded. Please try again later.':
    'errors.workbook.notAvailable',
  // Any endpoint.
  'Something went wrong on our side. Please try again.': 'errors.generic',
  // The database or the disk is out, or the server restarts (src/server/platform/storage-errors.ts,
  // src/server/http/security.ts): a screen's own fallback said "check the code" or "ask again".
  'The server cannot reach its database just now, so nothing was read or saved. Please try again in a moment.':
    'errors.databaseUnavailable',
  'The server has run out of storage space, so nothing was saved. Please try again later.': 'errors.diskFull',
  'The server is restarting. Please try again in a moment.': 'errors.restarting',
  'The input is not valid JSON.': 'errors.notJson',
  ...BACK_OFFICE_MESSAGES,
};

/** "1, 2, 3" (the server's list of weeks) as the page's language lists them: "1, 2 y 3". */
function weeksValues(list: string): MessageValues {
  const weeks = list.split(', ');
  return { count: weeks.length, weeks: formatList(activeLocale(), weeks) };
}

/** Minutes as the server writes them (formatMinutes): "2 h 40 min", "4 h", "35 min". */
const MINUTES = String.raw`\d+ h(?: \d+ min)?|\d+ min`;
const MISSING_PART = new RegExp(`^(?:(.+): )?(${MINUTES}) of (${MINUTES})( together)?$`);

/**
 * What a certificate still misses, as the server lists it ("Robin Lee: 2 h of 4 h; 2 h 40 min of
 * 4 h together"), in the page's language; a part it does not know stays as written.
 */
function missingHours(list: string): string {
  return list
    .split('; ')
    .map((part) => {
      const [, name, minutes, required, together] = MISSING_PART.exec(part) ?? [];
      if (minutes === undefined || required === undefined) return part;
      if (together && name === undefined)
        return translate('certificates.certificate.partTogether', { minutes, required });
      if (!together && name !== undefined) {
        return translate('certificates.certificate.partHours', { name, minutes, required });
      }
      return part;
    })
    .join('; ');
}

/**
 * The API's messages with a number in them (a wait: "15 minutes", "42 seconds"; a list of weeks),
 * each with its text's id; the number is said again in the page's language.
 */
const KNOWN_PATTERNS: {
  pattern: RegExp;
  id: MessageId;
  /** The text's values from the first group (and the whole match, for a message with several). */
  values?: (first: string, match: RegExpExecArray) => MessageValues;
}[] = [
  { pattern: /^Too many attempts\. Please try again in (\d+ \w+)\.$/, id: 'errors.tooMany' },
  {
    pattern: /^The server is busy checking other sign-ins\. Please try again in (\d+ \w+)\.$/,
    id: 'errors.auth.hashingBusy',
  },
  { pattern: /^Too many failed sign-ins for this email .* try again in (\d+ \w+), or use/, id: 'errors.paused.code' },
  { pattern: /^Too many failed sign-ins for this username .* try again in (\d+ \w+)\.$/, id: 'errors.paused.password' },
  { pattern: /^Too many failed sign-ins for this account .* try again in (\d+ \w+)\.$/, id: 'errors.paused.admin' },
  // A facilitator's cohort emails (src/server/features/facilitators/service.ts, decision 0341).
  {
    pattern: /^Too many cohort messages: a facilitator can send (\d+) an hour\. Please try again in (\d+ \w+)\.$/,
    id: 'errors.paused.cohortMessages',
    values: (max, match) => ({ max: Number(max), wait: waitText(match[2]!) }),
  },
  { pattern: /^sendAt must be within (\d+) days\.$/, id: 'errors.gifts.sendAtTooFar', values: (days) => ({ days }) },
  // The profile's wedding date (src/shared/profile-rules.ts); the form says it before sending.
  {
    pattern: /^weddingDate must be within (\d+) years from today$/,
    id: 'dashboard.profile.dateTooFar',
    values: (years) => ({ years: Number(years) }),
  },
  {
    pattern: /^weddingDate must be within the last (\d+) years$/,
    id: 'dashboard.profile.dateTooEarly',
    values: (years) => ({ years: Number(years) }),
  },
  // A week past a trial's limit (the week map's notice, src/server/features/frameworks/service.ts).
  {
    pattern: /^Week (\d+) is part of the full course\. Get the full course to unlock it\.$/,
    id: 'dashboard.notice.trialLimit',
    values: (week) => ({ week: Number(week) }),
  },
  {
    pattern: /^couponCode must be at most (\d+) characters$/,
    id: 'errors.coupons.tooLong',
    values: (max) => ({ max: Number(max) }),
  },
  {
    pattern: /^Your workbook is ready: (?:the first weekly framework|(\d+) weekly frameworks) in one PDF\.$/,
    id: 'errors.workbook.ready',
    values: (count) => ({ count: count === undefined ? 1 : Number(count) }),
  },
  {
    pattern: /^(?:[\w.]+: )?legalName is required: your full legal name as on your ID, at most (\d+) characters$/,
    id: 'errors.certificates.legalName',
    values: (max) => ({ max }),
  },
  {
    pattern: /^Private answers stay on while your partner's answers are sealed \(week ([\d, ]+)\): share those weeks/,
    id: 'errors.privateStaysOn',
    values: weeksValues,
  },
  {
    pattern:
      /^(.+)'s answers are sealed \(week ([\d, ]+)\): a new sign-in for .+ would open them to whoever accepts it\./,
    id: 'errors.partners.inviteSealed',
    values: (name, match) => ({ name, ...weeksValues(match[2]!) }),
  },
  {
    pattern: /^(.+) has answered "What we each expect", whose answers stay theirs alone: a new sign-in for /,
    id: 'errors.partners.inviteInventory',
    values: (name) => ({ name }),
  },
  // An invite for a partner who has a sign-in already (one accepted meanwhile, on another device).
  {
    pattern: /^(.+) already has a sign-in\. Remove it first to invite again\.$/,
    id: 'errors.partners.hasSignIn',
    values: (name) => ({ name }),
  },
  {
    pattern:
      /^(.+)'s answers are sealed \(week ([\d, ]+)\): only .+'s own sign-in opens them, so it cannot be removed\./,
    id: 'errors.partners.removeSealed',
    values: (name, match) => ({ name, ...weeksValues(match[2]!) }),
  },
  {
    pattern: /^(.+) has answered "What we each expect": only .+'s own sign-in opens them, so it cannot be removed\./,
    id: 'errors.partners.removeInventory',
    values: (name) => ({ name }),
  },
  // Course hours and certificates (src/server/features/certificates/service.ts, decision 0330).
  {
    pattern: /^Not yet eligible for a (.+?) certificate: (.+)\.$/,
    id: 'errors.certificates.notEligible',
    values: (state, match) => ({ state, missing: missingHours(match[2]!) }),
  },
  {
    pattern: /^Only completed weeks count toward a certificate: complete weeks? ([\d, ]+) first, then ask again\.$/,
    id: 'errors.certificates.completeWeeksFirst',
    values: weeksValues,
  },
  {
    pattern: new RegExp(
      `^At most (${MINUTES}) of offline time can be logged per week for each of you, time together included; (${MINUTES}) left for week (\\d+)\\.$`,
    ),
    id: 'errors.certificates.offlineCap',
    values: (cap, match) => ({ cap, left: match[2]!, week: Number(match[3]) }),
  },
  {
    pattern: /^(\d+) statements are still unanswered \("not sure" is an answer too\)\.$/,
    id: 'inventory.save.missing',
    values: (count) => ({ count: Number(count) }),
  },
  {
    pattern: /^A retake opens on (\d{4}-\d{2}-\d{2}), six months after your report\.$/,
    id: 'errors.inventory.retakeOn',
    values: (date) => ({ date: formatDate(activeLocale(), date) }),
  },
  {
    pattern: /^You have both finished\. A retake opens on (\d{4}-\d{2}-\d{2})\.$/,
    id: 'errors.inventory.bothFinished',
    values: (date) => ({ date: formatDate(activeLocale(), date) }),
  },
  // A certificate's request refused for its state's rules, or a name it cannot print (certificates/service.ts).
  {
    pattern:
      /^A (.+) certificate must be at most (\d+) months old when you apply for the license: ask for it within \d+ months of your marriage date\.$/,
    id: 'errors.certificates.tooEarly',
    values: (state, match) => ({ state, months: Number(match[2]) }),
  },
  {
    pattern: /^(.+) asks for the course to end at least (\d+) days before the license is issued\.$/,
    id: 'errors.certificates.tooLate',
    values: (state, match) => ({ state, days: Number(match[2]) }),
  },
  {
    pattern: /^legalName has characters the certificate cannot print \((.+)\)\. Enter your name as it is written on/,
    id: 'errors.certificates.unprintable',
    values: (characters) => ({ characters }),
  },
  {
    pattern: /^Certificates are not offered for (.+)\. They are offered for: (.+)\.$/,
    id: 'errors.certificates.stateNotOffered',
    values: (state, match) => ({ state, offered: match[2]! }),
  },
  ...BACK_OFFICE_PATTERNS,
];

/**
 * The sign-in forms' field messages (src/shared/auth-schemas.ts, the same zod schemas the server
 * checks with), each with its text's id: a form shows them in the page's language.
 */
const KNOWN_FIELD_MESSAGES: Record<string, MessageId> = {
  'Choose a username': 'errors.field.chooseUsername',
  'Use 3-32 letters, digits, _ . or -': 'errors.field.usernameFormat',
  'Choose a password': 'errors.field.choosePassword',
  'Confirm your password': 'errors.field.confirmPassword',
  'Passwords do not match': 'errors.field.passwordsDiffer',
  'Enter your username': 'errors.field.enterUsername',
  'Username is too long': 'errors.field.usernameTooLong',
  'Enter your password': 'errors.field.enterPassword',
  'Password is too long': 'errors.field.passwordTooLong',
  'Enter your email': 'errors.field.enterEmail',
  'Email is too long': 'errors.field.emailTooLong',
  'Enter a valid email address': 'errors.field.emailInvalid',
  'Enter your access code': 'errors.field.enterAccessCode',
  'Access code is too long': 'errors.field.accessCodeTooLong',
};

/** "15 minutes" / "42 seconds" (the server's words) in the page's language: "15 minutos". */
function waitText(wait: string): string {
  const [count = '0', unit = ''] = wait.split(' ');
  const n = Number(count);
  if (/^minutes?$/.test(unit)) return formatCount(activeLocale(), n, 'minute');
  if (/^seconds?$/.test(unit)) return formatCount(activeLocale(), n, 'second');
  return wait;
}

/** Whether the loaded catalogs have the text (the landing page loads only some areas). */
const loadedText = (id: MessageId) => Boolean(i18n.messages[id]);

/**
 * A form field's message from a shared zod schema in the page's language: its translation when it
 * is a known one (a password's length says its number), else in English the message itself and in
 * another language a general "not valid" (the field's label says which).
 */
export function fieldMessageText(message: string): string {
  const id = KNOWN_FIELD_MESSAGES[message];
  if (id) return translate(id);
  const length = /^Password must be at (least|most) (\d+) characters$/.exec(message);
  if (length) {
    return length[1] === 'least'
      ? translate('errors.field.passwordMin', { min: Number(length[2]) })
      : translate('errors.field.passwordMax', { max: Number(length[2]) });
  }
  return activeLocale() === 'en' ? message : translate('errors.field.invalid');
}

/** A validation result's messages (Mantine's form errors) in the page's language. */
export function localizedFieldErrors<Errors extends Record<string, unknown>>(errors: Errors): Errors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      typeof message === 'string' ? fieldMessageText(message) : message,
    ]),
  ) as Errors;
}

/**
 * A form's label for a field of its shared schema, by the field's path as the server's 400 names
 * it (`providerName`, `registrations.FL`, `content.reflectionQuestions.1.topic`); undefined for a
 * path the form does not show.
 */
export type FieldLabel = (path: string) => string | undefined;

/** A schema message's own field name at its start ("providerName is required"): the label says it. */
const LEADING_FIELD_NAME = /^([a-z][A-Za-z]*) (?=(?:is|must|may|cannot|needs|has)\b)/;

/**
 * A 400 of a shared schema ("registrations.FL: registration must be at most 120 characters", or
 * "providerName is required") as the form's label and the rule: "Registration number for Florida:
 * must be at most 120 characters" in English, the label and a general "not valid" (or the rule's
 * translation when it is a known one) in another language; null for a field the form does not name.
 */
function labelledFieldMessage(message: string, fieldLabel: FieldLabel): string | null {
  const prefixed = /^([\w.]+): (.+)$/.exec(message);
  const path = prefixed ? prefixed[1]! : LEADING_FIELD_NAME.exec(message)?.[1];
  const label = path === undefined ? undefined : fieldLabel(path);
  if (!label) return null;
  const rule = prefixed ? prefixed[2]! : message;
  return `${label}: ${fieldMessageText(KNOWN_FIELD_MESSAGES[rule] ? rule : rule.replace(LEADING_FIELD_NAME, ''))}`;
}

/**
 * A server's English message in the page's language: its translation when it is a known one; a
 * refused field named by the form's label (`fieldLabel`) rather than its path; the message itself
 * in English; null in another language (the caller's own translated sentence then).
 */
export function serverMessageText(message: string | null | undefined, fieldLabel?: FieldLabel): string | null {
  const trimmed = message?.trim();
  if (!trimmed) return null;
  const english = activeLocale() === 'en';
  const id = KNOWN_MESSAGES[trimmed];
  if (id && loadedText(id)) return translate(id);
  for (const { pattern, id: patternId, values } of KNOWN_PATTERNS) {
    const match = pattern.exec(trimmed);
    // A wait: in English the server's own sentence, which already says it. One with its own values
    // is the page's text in every language (the API's sentence names a field, or lists weeks).
    if (match && (!english || values) && loadedText(patternId)) {
      return translate(patternId, values ? values(match[1]!, match) : { wait: waitText(match[1]!) });
    }
  }
  // A 400 of a shared schema reads "field: message" (describeZodError).
  const labelled = fieldLabel ? labelledFieldMessage(trimmed, fieldLabel) : null;
  if (labelled) return labelled;
  // A known rule is said without the path ("email: Enter your email" read as its rule), in English too.
  const field = /^[\w.]+: (.+)$/.exec(trimmed);
  if (field && KNOWN_FIELD_MESSAGES[field[1]!] && loadedText(KNOWN_FIELD_MESSAGES[field[1]!]!))
    return fieldMessageText(field[1]!);
  return english ? trimmed : null;
}

/** A failed plain-HTTP call's message (lib/rest.ts RestError) in the page's language, else the screen's fallback. */
export function restErrorMessage(error: unknown, fallback: string): string {
  return serverMessageText(error instanceof RestError ? error.serverMessage : null) ?? fallback;
}

/** The HTTP status a tRPC call failed with (404, 409…), when the server answered. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof TRPCClientError)) return null;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : null;
}

/**
 * The text a failure toast shows (docs/product.md#ui-texts): the server's own message when the
 * server answered with an error (translated: KNOWN_MESSAGES); the page's own sentence when a change
 * was not sent or got no answer in time (offline, 15 s; lib/network.ts); otherwise the fixed
 * fallback of that screen. A form passes `fieldLabel` so a field the server refused is named by
 * its label, not its path. A network failure, an HTML error page from a proxy or a bug in the page
 * is not the server speaking, so it gets the fallback too.
 */
export function errorMessage(error: unknown, fallback: string, fieldLabel?: FieldLabel): string {
  if (error instanceof TRPCClientError && error.shape) {
    const text = serverMessageText(error.message, fieldLabel);
    if (text) return text;
    if (error.message.trim()) return fallback;
  }
  const notSaved = notSavedError(error);
  if (notSaved) return notSavedText(notSaved);
  return fallback;
}

/** Why a change was not saved, in the page's language. */
export function notSavedText(error: NotSavedError): string {
  return error.reason === 'timeout'
    ? translate('errors.notSaved.timeout', { seconds: MUTATION_TIMEOUT_MS / 1000 })
    : translate('errors.notSaved.offline');
}

/**
 * The 409 of a save from a stale base (a week's record, a partner's answers): what the server holds
 * now, which it sends back as `current`; null for any other failure.
 */
export function conflictCurrent<T>(error: unknown): T | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { code?: string; current?: T } | undefined;
  return data?.code === 'CONFLICT' && data.current && typeof data.current === 'object' ? data.current : null;
}

/**
 * Whether a call failed with no answer from the server: the request did not get through (the
 * network or the server away, though the browser says it is online), or what came back was not the
 * server speaking (a proxy's error page). Neither a refusal nor a change the page held back.
 */
export function noAnswer(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.shape && !(error.cause instanceof NotSavedError);
}

/** The NotSavedError behind a failed call (the tRPC client wraps it as the error's cause), or null. */
export function notSavedError(error: unknown): NotSavedError | null {
  if (error instanceof NotSavedError) return error;
  if (error instanceof TRPCClientError && error.cause instanceof NotSavedError) return error.cause;
  return null;
}
