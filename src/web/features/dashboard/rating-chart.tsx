import { TOTAL_WEEKS } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';

interface RatingChartProps {
  /** Rated weeks in week order. */
  ratings: { weekNumber: number; rating: number }[];
}

const WIDTH = 360;
const HEIGHT = 170;
const PAD = { top: 10, right: 6, bottom: 24, left: 22 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** The week numbers labelled under the chart: the first, then every quarter of the span. */
function axisWeeks(span: number): number[] {
  const step = span === 13 ? 3 : 13;
  const weeks = [1];
  for (let week = step === 3 ? 4 : 13; week <= span; week += step) weeks.push(week);
  return weeks;
}

/**
 * Weekly ratings as bars across the weeks reached so far, drawn inline (no chart library, no request). The
 * numbers are also given as a text description for screen readers.
 */
export function RatingChart({ ratings }: RatingChartProps) {
  // Show the quarters reached so far (13, 26, 39 or 52 weeks), so early bars are not hairlines.
  const lastWeek = Math.max(1, ...ratings.map((item) => item.weekNumber));
  const span = Math.min(TOTAL_WEEKS, Math.ceil(lastWeek / 13) * 13);
  const slot = PLOT_W / span;
  const barWidth = Math.max(3, Math.min(28, slot * 0.7));
  const y = (rating: number) => PAD.top + PLOT_H - (rating / 5) * PLOT_H;
  const { t } = useT();
  const description = ratings
    .map((item) => t('dashboard.chart.item', { week: item.weekNumber, rating: item.rating }))
    .join('; ');

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={t('dashboard.chart.label', { description })}
      style={{ display: 'block', maxWidth: 480 }}
    >
      {[1, 2, 3, 4, 5].map((level) => (
        <g key={level}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(level)}
            y2={y(level)}
            stroke="var(--mantine-color-gray-3)"
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(level) + 4} fontSize={11} textAnchor="end" fill="var(--mantine-color-gray-7)">
            {level}
          </text>
        </g>
      ))}
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={y(0)}
        y2={y(0)}
        stroke="var(--mantine-color-gray-6)"
        strokeWidth={1}
      />
      {ratings.map((item) => (
        <rect
          key={item.weekNumber}
          data-week={item.weekNumber}
          x={PAD.left + (item.weekNumber - 1) * slot + (slot - barWidth) / 2}
          y={y(item.rating)}
          width={barWidth}
          height={y(0) - y(item.rating)}
          rx={2}
          fill="var(--mantine-color-plum-6)"
        />
      ))}
      {axisWeeks(span).map((week) => (
        <text
          key={week}
          x={PAD.left + (week - 0.5) * slot}
          y={HEIGHT - 8}
          fontSize={11}
          textAnchor="middle"
          fill="var(--mantine-color-gray-7)"
        >
          {t('dashboard.chart.axis', { week })}
        </text>
      ))}
    </svg>
  );
}
