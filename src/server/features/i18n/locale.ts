import type { Locale } from '../../../shared/i18n/locales';
import type { DB } from '../../db/client';
import type { SignedInAuth } from '../auth/access';

/**
 * Where each person's language is kept (decision 0231): on their own account (`accounts.locale`),
 * so each partner's sign-in has its own; visitors have only the cookie the web sets.
 */

/** Stores the signed-in person's language choice on their own account. */
export async function setAccountLocale(db: DB, auth: SignedInAuth, locale: Locale): Promise<{ locale: Locale }> {
  await db.updateTable('accounts').set({ locale }).where('id', '=', auth.accountId).execute();
  return { locale };
}

/** The language of an account ('en' when there is no such account). */
export async function localeOfAccount(db: DB, accountId: number): Promise<Locale> {
  const row = await db.selectFrom('accounts').select('locale').where('id', '=', accountId).executeTakeFirst();
  return row?.locale ?? 'en';
}

/**
 * The language to write to an email address in: the account signed in with that address, else the
 * couple's original sign-in when a couple is given (a partner without a sign-in of their own), else
 * English. Emails, reminders and PDFs call this for each recipient.
 */
export async function recipientLocale(
  db: DB,
  recipient: { email?: string | null; coupleId?: number | null },
): Promise<Locale> {
  if (recipient.email) {
    const row = await db
      .selectFrom('accounts')
      .select('locale')
      // Emails are stored lower-cased (the schemas): an equality the unique index answers.
      .where('email', '=', recipient.email.toLowerCase())
      .executeTakeFirst();
    if (row) return row.locale;
  }
  if (recipient.coupleId != null) {
    const row = await db
      .selectFrom('accounts')
      .select('locale')
      .where('couple_id', '=', recipient.coupleId)
      .where('partner', 'is', null)
      .executeTakeFirst();
    if (row) return row.locale;
  }
  return 'en';
}
