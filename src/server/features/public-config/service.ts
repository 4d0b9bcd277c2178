import { advertisedPrice } from '../../../shared/money';
import type { PublicConfig } from '../../../shared/public-config-schemas';
import type { Config } from '../../platform/config';

export type { PublicConfig };

/**
 * What the pages may know about this installation: demo mode, the code hints to show, the trial
 * week limit. The web app learns these from here, never from constants in its bundle.
 */
export function getPublicConfig(config: Config): PublicConfig {
  const demoEnabled = config.demoMode && config.demoAccessCode !== '';
  return {
    demoMode: demoEnabled,
    trialAccessCode: config.trialAccessCode === '' ? null : config.trialAccessCode,
    demoEmail: demoEnabled ? config.demoEmail : null,
    demoAccessCode: demoEnabled ? config.demoAccessCode : null,
    trialWeeks: config.trialWeeks,
    cardPayments: config.payments.stripe !== null,
    priceCents: config.payments.priceCents,
    currency: config.payments.currency,
    advertisedPrice: advertisedPrice(config.payments.priceCents, config.payments.currency),
  };
}
