import type { MessageId } from '../../shared/i18n/locales';
import { translate } from '../i18n/i18n';

/** A phase's name in the page's language, by its place (1-4) in PHASES. */
export function phaseName(index: number): string {
  return translate(`dashboard.phase.${index + 1}.name` as MessageId);
}
