import type { MessageId } from '../../../shared/i18n/locales';

/** The scale in the order it is shown: strongly disagree .. strongly agree, then not sure (0). */
export const SCALE_VALUES = [1, 2, 3, 4, 5, 0] as const;

export function scaleLabelId(value: number): MessageId {
  return `inventory.scale.${value}` as MessageId;
}

/** The journey's page of a week: the dashboard's Current tab on that week. */
export function weekHref(week: number): string {
  return `/dashboard?tab=current&week=${week}`;
}
