import { ACCESS_CODE_MAX_LENGTH, signInEmailSchema } from './auth-schemas';
import type { Partner } from './constants';
import { weekNumberSchema } from './schemas';
import { z } from './zod';

/*
 * Partner sign-ins and sealed answers (docs/product.md#partner-sign-ins,
 * docs/product.md#sealed-answers): the forms' and the procedures' inputs, and what they answer.
 */

/** How long an invite to the other partner stays valid. */
export const INVITE_VALID_DAYS = 7;

/** The message of every refused read of the other partner's sealed answers (403). */
export const SEALED_MESSAGE =
  "Your partner's answers for this week are sealed: they open once you have both marked your answers as shared.";

/** The message of a refused write of the other partner's answers (403). */
export const OWN_ANSWERS_ONLY_MESSAGE = 'You can only edit your own answers. Your partner edits theirs when signed in.';

/** An invite from Profile: the partner's email is optional (without it the link is copied). */
export const createInviteSchema = z.object({
  email: z
    .union([z.literal(''), signInEmailSchema], { error: 'Enter a valid email address' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});

const inviteCodeSchema = z
  .string({ error: 'Enter the invite code' })
  .trim()
  .min(1, 'Enter the invite code')
  .max(ACCESS_CODE_MAX_LENGTH, 'The invite code is too long');

export const inviteCodeInputSchema = z.object({ code: inviteCodeSchema });

/** The invited partner accepts with their own email. */
export const acceptInviteSchema = z.object({ code: inviteCodeSchema, email: signInEmailSchema });
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;

export const inviteIdSchema = z.object({ inviteId: z.number({ error: 'inviteId is required' }).int().positive() });
export const signInIdSchema = z.object({ accountId: z.number({ error: 'accountId is required' }).int().positive() });
export const privateAnswersSchema = z.object({ on: z.boolean({ error: 'on must be true or false' }) });
export const shareWeekSchema = z.object({ weekNumber: weekNumberSchema });

/** An invite as Profile lists it (never its code after it was made). */
export interface PartnerInviteView {
  id: number;
  partner: Partner;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  status: 'pending' | 'used' | 'revoked' | 'expired';
}

export interface PartnerSignInView {
  accountId: number;
  /** Null: the couple's original sign-in (bound to partner1 once private answers are on). */
  partner: Partner | null;
  email: string | null;
  username: string | null;
  isYou: boolean;
  /** Whether this sign-in may be removed by the caller (a personal sign-in other than their own). */
  removable: boolean;
}

export interface PartnerSettings {
  privateAnswers: boolean;
  /** The partner the caller's sign-in answers for; null on the shared device. */
  you: Partner | null;
  names: { partner1: string; partner2: string };
  signIns: PartnerSignInView[];
  invites: PartnerInviteView[];
}

/** A new invite: its code and link are shown once. */
export interface CreatedInvite {
  invite: PartnerInviteView;
  code: string;
  link: string;
  emailedTo: string | null;
}

/** What the accept page shows before the partner accepts. */
export interface InvitePreview {
  partner: Partner;
  partnerName: string;
  otherName: string;
  expiresAt: string;
  /** Whether the couple has private answers on: the invite page says what the partner's answers are open to. */
  privateAnswers: boolean;
}

export interface AcceptedInvite {
  success: true;
  message: string;
  /** The personal access code, shown this once (and emailed). */
  accessCode: string;
  email: string;
  partner: Partner;
}

/** A week's sharing state for the caller. */
export interface WeekShareState {
  weekNumber: number;
  privateAnswers: boolean;
  you: Partner | null;
  shared: { partner1: string | null; partner2: string | null };
  /** Both partners have shared: each reads the other's answers. */
  revealed: boolean;
}

/** "Casey has shared week 12": the partner who shared first hears when the other has too. */
export interface ShareNotice {
  weekNumber: number;
  partner: Partner;
  name: string;
  sharedAt: string;
}
