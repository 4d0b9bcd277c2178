import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { formatNumber } from '../../../shared/i18n/format';
import { useT } from '../../i18n/use-t';
import classes from './admin-overview.module.css';
import { ScrollableTable } from '../../components/scrollable-table';
import { formatShare } from './format';

export interface WeekPoint {
  weekNumber: number;
  completed: number;
  ratings: number;
  averageRating: number | null;
}

const WIDTH = 520;
const HEIGHT = 160;
const SLOT = WIDTH / 52;

/** 52 bars drawn by hand: `value` of each week against `max`. Decorative to assistive technology
 * except for its title and summary; the numbers are in the table (the chart's text alternative). */
function Bars({
  weeks,
  value,
  max,
  barClass,
  label,
  summary,
}: {
  weeks: WeekPoint[];
  value: (week: WeekPoint) => number;
  max: number;
  barClass: string | undefined;
  label: string;
  summary: string;
}) {
  const titleId = useId();
  const descId = useId();
  const { t } = useT();
  return (
    <div>
      <svg
        className={classes.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 1}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{label}</title>
        <desc id={descId}>{summary}</desc>
        {weeks.map((week, index) => {
          const height = max === 0 ? 0 : (value(week) / max) * HEIGHT;
          return (
            <rect
              key={week.weekNumber}
              className={barClass}
              x={index * SLOT + 1}
              y={HEIGHT - height}
              width={SLOT - 2}
              height={height}
            />
          );
        })}
        <line className={classes.baseline} x1={0} x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} />
      </svg>
      <div className={classes.axis} aria-hidden="true">
        {[1, 13, 26, 39, 52].map((week) => (
          <span key={week}>{t('admin.chart.week', { week })}</span>
        ))}
      </div>
    </div>
  );
}

/** A sentence naming the chart's main points, for its accessible description. */
function describeCurve(weeks: WeekPoint[], t: ReturnType<typeof useT>['t']): string {
  const first = weeks[0]?.completed ?? 0;
  if (first === 0) return t('admin.chart.curve.none');
  const last = [...weeks].reverse().find((week) => week.completed > 0)!;
  const biggestDrop = weeks.slice(1).reduce(
    (worst, week, index) => {
      const drop = weeks[index]!.completed - week.completed;
      return drop > worst.drop ? { week: week.weekNumber, drop } : worst;
    },
    { week: 0, drop: 0 },
  );
  const summary = t('admin.chart.curve.summary', { first, last: last.weekNumber, lastCount: last.completed });
  return biggestDrop.drop > 0
    ? `${summary} ${t('admin.chart.curve.drop', { week: biggestDrop.week, drop: biggestDrop.drop })}`
    : summary;
}

/**
 * The drop-off curve (docs/product.md#admin-overview): how many couples completed each week, and
 * the mean rating per week, as two bar charts with a table of the same numbers behind a toggle.
 */
export function WeekCharts({ weeks }: { weeks: WeekPoint[] }) {
  const [showTable, setShowTable] = useState(false);
  const { t, locale } = useT();
  const tableId = useId();
  const maxCompleted = Math.max(0, ...weeks.map((week) => week.completed));
  const weekOne = weeks[0]?.completed ?? 0;
  const rated = weeks.filter((week) => week.averageRating !== null);
  return (
    <Stack gap="md" component="section" aria-labelledby={`${tableId}-heading`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h3" id={`${tableId}-heading`}>
            {t('admin.chart.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.chart.intro')}
          </Text>
        </div>
        <Button
          variant="light"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? t('admin.chart.hideTable') : t('admin.chart.showTable')}
        </Button>
      </Group>
      <Bars
        weeks={weeks}
        value={(week) => week.completed}
        max={maxCompleted}
        barClass={classes.bar}
        label={t('admin.chart.completed.label')}
        summary={describeCurve(weeks, t)}
      />
      <div>
        <Title order={3} size="h5">
          {t('admin.chart.rating.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.chart.rating.intro')}
        </Text>
      </div>
      <Bars
        weeks={weeks}
        value={(week) => week.averageRating ?? 0}
        max={5}
        barClass={classes.ratingBar}
        label={t('admin.chart.rating.label')}
        summary={
          rated.length === 0
            ? t('admin.chart.rating.none')
            : t('admin.chart.rating.summary', {
                rated: rated.length,
                list: rated
                  .slice(0, 6)
                  .map((week) =>
                    t('admin.chart.rating.item', {
                      week: week.weekNumber,
                      rating: formatNumber(locale, week.averageRating ?? 0),
                    }),
                  )
                  .join(', '),
                more: rated.length > 6 ? 'yes' : 'no',
              })
        }
      />
      <div id={tableId} hidden={!showTable}>
        {showTable && (
          <ScrollableTable label={t('admin.chart.table.scroll')} minWidth={420}>
            <Table striped>
              <caption>{t('admin.chart.table.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.chart.col.week')}</Table.Th>
                  <Table.Th scope="col">{t('admin.chart.col.completed')}</Table.Th>
                  <Table.Th scope="col">{t('admin.chart.col.ofWeekOne')}</Table.Th>
                  <Table.Th scope="col">{t('admin.chart.col.average')}</Table.Th>
                  <Table.Th scope="col">{t('admin.chart.col.ratings')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {weeks.map((week) => (
                  <Table.Tr key={week.weekNumber}>
                    <Table.Th scope="row">{t('admin.chart.week', { week: week.weekNumber })}</Table.Th>
                    <Table.Td>{week.completed}</Table.Td>
                    <Table.Td>{formatShare(weekOne === 0 ? null : week.completed / weekOne)}</Table.Td>
                    <Table.Td>
                      {week.averageRating === null
                        ? '—'
                        : formatNumber(locale, week.averageRating, {
                            minimumFractionDigits: 1,
                            maximumFractionDigits: 1,
                          })}
                    </Table.Td>
                    <Table.Td>{week.ratings}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
        )}
      </div>
    </Stack>
  );
}
