import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import classes from './star-rating.module.css';

export const STAR_COUNT = 5;

interface StarRatingProps {
  /** The rating shown as chosen, 1-5, or null for none. */
  value: number | null;
  onChange: (value: number) => void;
  /** The id of the element naming the group ("How was this week for you?"). */
  labelledBy: string;
  disabled?: boolean;
}

const starLabel = (value: number) => translate('dashboard.stars', { count: value });

/**
 * Five stars as a native radio group (the ARIA radio-group pattern, decision 0135): Tab reaches the
 * chosen star (the first without one), the arrow keys move and choose, Space chooses the focused
 * star, a click or tap chooses the star under it. Each star is a real radio input under its label,
 * so screen readers say "3 stars, radio button, checked, 3 of 5".
 */
export function StarRating({ value, onChange, labelledBy, disabled }: StarRatingProps) {
  useT();
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.group} data-testid="star-rating">
      {Array.from({ length: STAR_COUNT }, (_, index) => {
        const star = index + 1;
        const filled = value !== null && star <= value;
        return (
          <label key={star} htmlFor={`${name}-${star}`} className={classes.star} data-filled={filled || undefined}>
            <input
              id={`${name}-${star}`}
              type="radio"
              className={classes.input}
              name={name}
              value={star}
              checked={value === star}
              disabled={disabled}
              aria-label={starLabel(star)}
              onChange={() => onChange(star)}
            />
            {filled ? (
              <IconStarFilled size={30} aria-hidden="true" className={classes.icon} />
            ) : (
              <IconStar size={30} aria-hidden="true" className={classes.icon} />
            )}
          </label>
        );
      })}
    </div>
  );
}
