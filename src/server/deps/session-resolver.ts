import type { AccessLevel, Partner } from '../../shared/constants';
import type { Locale } from '../../shared/i18n/locales';

/** Who is making a request, resolved once from the `sid` cookie. */
export type Auth =
  | { kind: 'anonymous' }
  | { kind: 'admin'; accountId: number; sessionId: number; expiresAt: number }
  | {
      kind: 'couple';
      accountId: number;
      sessionId: number;
      coupleId: number;
      accessLevel: AccessLevel;
      expiresAt: number;
      /**
       * The partner this sign-in answers for (decision 0160): a personal sign-in's own partner; the
       * couple's original sign-in is bound to partner1 once private answers are on, and to nobody
       * (either partner in turn, the shared device) before.
       */
      partner: Partner | null;
      /** Whether the couple keeps each partner's answers sealed until both share (decision 0161). */
      privateAnswers: boolean;
      /**
       * This sign-in's language (`accounts.locale`, decision 0231), read with the session so that
       * the reads shown in it need no query of their own (decision 0371).
       */
      locale: Locale;
    };

/** Finds who is asking from a session cookie's token: features/auth/sessions.ts (createSessionResolver). */
export interface SessionResolver {
  resolve(token: string | undefined): Promise<Auth>;
}
