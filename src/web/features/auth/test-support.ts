import type { PublicConfig } from '../../public-config';

/** Answers of `auth.check` and `publicConfig.get` for the auth screens' tests (with `stubTrpcFetch`). */
export const ANONYMOUS_CHECK = { authenticated: false, isAdmin: false, role: null, userId: null };
export const COUPLE_CHECK = { authenticated: true, isAdmin: false, role: 'couple', userId: 7 };
export const ADMIN_CHECK = { authenticated: true, isAdmin: true, role: 'admin', userId: null };

export const PUBLIC_CONFIG: PublicConfig = {
  demoMode: true,
  trialAccessCode: 'TRIAL-FROM-SERVER',
  demoEmail: 'showcase@example.org',
  demoAccessCode: 'SHOWCASE-1',
  trialWeeks: 3,
  cardPayments: false,
  priceCents: 4900,
  currency: 'usd',
  advertisedPrice: { price: '$49', perWeek: 'less than $1 a week' },
};
