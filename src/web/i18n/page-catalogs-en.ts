import type { Messages } from '@lingui/core';

/** The couples' and public pages' catalogs in English, by file (i18n.ts, decision 0395). */
export default import.meta.glob<Messages>(
  ['../../locales/en/*.json', '!../../locales/en/{common,contact,landing,admin,admin-coupons,email,pdf,starters}.json'],
  { eager: true, import: 'default' },
);
