import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES, type Locale, type MessageId, type MessageValues } from '../../../shared/i18n/locales';
import en_common from '../../../locales/en/common.json';
import en_landing from '../../../locales/en/landing.json';
import en_auth from '../../../locales/en/auth.json';
import en_checkout from '../../../locales/en/checkout.json';
import en_dashboard from '../../../locales/en/dashboard.json';
import en_workbook from '../../../locales/en/workbook.json';
import en_partners from '../../../locales/en/partners.json';
import en_admin from '../../../locales/en/admin.json';
import en_email from '../../../locales/en/email.json';
import en_pdf from '../../../locales/en/pdf.json';
import en_policies from '../../../locales/en/policies.json';
import en_errors from '../../../locales/en/errors.json';
import en_inventory from '../../../locales/en/inventory.json';
import en_plan from '../../../locales/en/plan.json';
import en_gifts from '../../../locales/en/gifts.json';
import en_admin_coupons from '../../../locales/en/admin-coupons.json';
import en_facilitator from '../../../locales/en/facilitator.json';
import en_push from '../../../locales/en/push.json';
import en_starters from '../../../locales/en/starters.json';
import es_common from '../../../locales/es/common.json';
import es_landing from '../../../locales/es/landing.json';
import es_auth from '../../../locales/es/auth.json';
import es_checkout from '../../../locales/es/checkout.json';
import es_dashboard from '../../../locales/es/dashboard.json';
import es_workbook from '../../../locales/es/workbook.json';
import es_partners from '../../../locales/es/partners.json';
import es_admin from '../../../locales/es/admin.json';
import es_email from '../../../locales/es/email.json';
import es_pdf from '../../../locales/es/pdf.json';
import es_policies from '../../../locales/es/policies.json';
import es_errors from '../../../locales/es/errors.json';
import es_inventory from '../../../locales/es/inventory.json';
import es_plan from '../../../locales/es/plan.json';
import es_gifts from '../../../locales/es/gifts.json';
import es_admin_coupons from '../../../locales/es/admin-coupons.json';
import es_facilitator from '../../../locales/es/facilitator.json';
import es_push from '../../../locales/es/push.json';
import es_starters from '../../../locales/es/starters.json';

/**
 * Server-side translation (emails, PDFs, policy starter texts): `t(locale, id, values)` over the
 * same catalogs as the web (src/locales), every message compiled once when this module loads, so a
 * malformed ICU string fails at start, not in a reminder at 3 a.m. (docs/i18n.md).
 */
const SOURCES: Record<Locale, Record<string, string>[]> = {
  en: [
    en_common,
    en_landing,
    en_auth,
    en_checkout,
    en_dashboard,
    en_workbook,
    en_partners,
    en_admin,
    en_email,
    en_pdf,
    en_policies,
    en_errors,
    en_inventory,
    en_plan,
    en_gifts,
    en_admin_coupons,
    en_facilitator,
    en_push,
    en_starters,
  ],
  es: [
    es_common,
    es_landing,
    es_auth,
    es_checkout,
    es_dashboard,
    es_workbook,
    es_partners,
    es_admin,
    es_email,
    es_pdf,
    es_policies,
    es_errors,
    es_inventory,
    es_plan,
    es_gifts,
    es_admin_coupons,
    es_facilitator,
    es_push,
    es_starters,
  ],
};

/** One area-merged catalog per language: id -> ICU string (the tests read them). */
export const CATALOGS: Record<Locale, Record<string, string>> = {
  en: Object.assign({}, ...SOURCES.en),
  es: Object.assign({}, ...SOURCES.es),
};

const instances = Object.fromEntries(
  LOCALES.map((locale) => {
    const compiled = Object.fromEntries(
      Object.entries(CATALOGS[locale]).map(([id, message]) => [id, compileMessageOrThrow(message)]),
    );
    return [
      locale,
      setupI18n({ locale, locales: [locale === 'es' ? 'es-US' : 'en-US'], messages: { [locale]: compiled } }),
    ];
  }),
) as Record<Locale, I18n>;

/** The message `id` in `locale`, its ICU placeholders filled from `values` (the English text when Spanish lacks it). */
export function t(locale: Locale, id: MessageId, values?: MessageValues): string {
  const catalog = CATALOGS[locale][id] === undefined ? 'en' : locale;
  return instances[catalog]._(id, values);
}
