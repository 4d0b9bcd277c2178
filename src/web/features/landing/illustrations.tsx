/** Inline illustrations of the landing page: no image requests, decorative unless labelled. */

/** Two joined rings, the product mark. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-plum-7)" />
      <circle cx="25" cy="34" r="12" fill="none" stroke="#ffffff" strokeWidth="5" />
      <circle cx="39" cy="34" r="12" fill="none" stroke="var(--mantine-color-plum-1)" strokeWidth="5" />
    </svg>
  );
}

/**
 * The hero picture: an open workbook with a week's calendar on one page and two joined rings on the
 * other, with a few hearts drifting up. Purely decorative.
 */
export function HeroIllustration() {
  const filled = [1, 2, 3, 4, 5, 6, 8, 9];
  return (
    <svg viewBox="0 0 420 320" width="100%" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-plum-1)" />
          <stop offset="1" stopColor="#fff4e8" />
        </linearGradient>
      </defs>
      <ellipse cx="210" cy="165" rx="200" ry="140" fill="url(#hero-glow)" />
      <ellipse cx="210" cy="282" rx="150" ry="12" fill="var(--mantine-color-plum-2)" opacity="0.55" />
      {/* Book: two pages and a spine. */}
      <path
        d="M60 86 Q135 66 208 92 L208 270 Q135 246 60 264 Z"
        fill="#ffffff"
        stroke="var(--mantine-color-plum-3)"
        strokeWidth="3"
      />
      <path
        d="M360 86 Q285 66 212 92 L212 270 Q285 246 360 264 Z"
        fill="#ffffff"
        stroke="var(--mantine-color-plum-3)"
        strokeWidth="3"
      />
      <line x1="210" y1="92" x2="210" y2="270" stroke="var(--mantine-color-plum-4)" strokeWidth="4" />
      {/* Left page: a grid of weeks, most of them done. */}
      <rect x="86" y="104" width="96" height="10" rx="5" fill="var(--mantine-color-plum-7)" />
      {Array.from({ length: 12 }, (_, i) => {
        const week = i + 1;
        const x = 86 + (i % 4) * 25;
        const y = 130 + Math.floor(i / 4) * 28;
        const done = filled.includes(week);
        return (
          <rect
            key={week}
            x={x}
            y={y}
            width="19"
            height="19"
            rx="5"
            fill={done ? 'var(--mantine-color-plum-6)' : '#ffffff'}
            stroke="var(--mantine-color-plum-4)"
            strokeWidth="2"
          />
        );
      })}
      <rect x="86" y="222" width="80" height="7" rx="3.5" fill="var(--mantine-color-plum-2)" />
      <rect x="86" y="236" width="60" height="7" rx="3.5" fill="var(--mantine-color-plum-2)" />
      {/* Right page: two rings and a few lines of writing. */}
      <circle cx="266" cy="160" r="30" fill="none" stroke="#d9a441" strokeWidth="8" />
      <circle cx="304" cy="160" r="30" fill="none" stroke="var(--mantine-color-plum-6)" strokeWidth="8" />
      <rect x="238" y="214" width="96" height="7" rx="3.5" fill="var(--mantine-color-plum-2)" />
      <rect x="238" y="228" width="72" height="7" rx="3.5" fill="var(--mantine-color-plum-2)" />
      {/* Hearts. */}
      <path
        d="M352 56 c-6 -10 -22 -6 -18 6 c2 6 18 16 18 16 s16 -10 18 -16 c4 -12 -12 -16 -18 -6z"
        fill="var(--mantine-color-plum-5)"
      />
      <path d="M78 52 c-4 -7 -15 -4 -12 4 c1.5 4 12 11 12 11 s10.5 -7 12 -11 c3 -8 -8 -11 -12 -4z" fill="#e8a0a0" />
      <path d="M388 150 c-3 -5 -11 -3 -9 3 c1 3 9 8 9 8 s8 -5 9 -8 c2 -6 -6 -8 -9 -3z" fill="#d9a441" />
    </svg>
  );
}

/** A row of five stars, `rating` of them filled; the label says the rating in words. */
export function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} style={{ display: 'inline-flex', gap: 2 }}>
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five identical stars that never reorder
        <svg key={i} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill={i < rating ? '#c98a1a' : 'none'}
            stroke="#a8700f"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
      ))}
    </span>
  );
}
