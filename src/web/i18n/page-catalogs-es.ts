import type { Messages } from '@lingui/core';

/** The couples' and public pages' catalogs in Spanish, by file (i18n.ts, decision 0395). */
export default import.meta.glob<Messages>(
  ['../../locales/es/*.json', '!../../locales/es/{common,contact,landing,admin,admin-coupons,email,pdf,starters}.json'],
  { eager: true, import: 'default' },
);
