import { type AdvertisedPrice, advertisedPrice } from '../../../shared/money';
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
    advertisedPrice: advertisedTexts(config.payments.priceCents, config.payments.currency),
  };
}

/** The advertised texts, formatted once per price (five Intl formats each; asked on every request). */
const advertised = new Map<string, AdvertisedPrice>();
function advertisedTexts(priceCents: number, currency: string): AdvertisedPrice {
  const key = `${priceCents} ${currency}`;
  let texts = advertised.get(key);
  if (!texts) {
    texts = advertisedPrice(priceCents, currency);
    advertised.set(key, texts);
  }
  return texts;
}
