import { langOf } from '../../i18n/text-language';
import { T, useT } from '../../i18n/use-t';
import { ownTitle, type WeekAccess } from './dashboard-logic';

/**
 * "Week 3: Title", or "Week 3" while the week has no title of its own. The title carries its
 * language where it is not the page's (WCAG 3.1.2, language of parts): a week whose translation is
 * missing shows its English title to a reader of Spanish (decision 0232). The title goes in as an
 * element, never through the message's tags.
 */
export function WeekName({ week }: { week: Pick<WeekAccess, 'weekNumber' | 'title' | 'language'> }) {
  const { t, locale } = useT();
  const title = ownTitle(week);
  if (title === null) return t('dashboard.week.name', { week: week.weekNumber });
  return (
    <T
      id="dashboard.week.nameWithTitle"
      values={{ week: week.weekNumber, title: <span lang={langOf(week.language, locale)}>{title}</span> }}
    />
  );
}
