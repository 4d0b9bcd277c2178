import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME, type MantineTheme, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

/**
 * A hex colour, or `var(--mantine-color-NAME-SHADE)` / `var(--mantine-color-dimmed)` resolved as the
 * light scheme does, with the app's theme (or another, e.g. Mantine's own).
 */
function resolve(color: string, from: MantineTheme = merged): string {
  if (color.startsWith('#')) return color;
  const variable = /^var\((--mantine-color-[a-z0-9-]+)\)$/.exec(color)?.[1];
  const light = (cssVariablesResolver(from).light as Record<string, string>)[variable ?? ''];
  if (light) return resolve(light, from);
  const shade = /^--mantine-color-([a-z]+)-(\d)$/.exec(variable ?? '');
  const value = shade ? from.colors[shade[1]!]?.[Number(shade[2])] : undefined;
  if (!value) throw new Error(`cannot resolve ${color}`);
  return value;
}

/** WCAG 2.x contrast ratio of two hex colours. */
function contrast(a: string, b: string, from: MantineTheme = merged): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(resolve(a, from)), luminance(resolve(b, from))].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const AA = 4.5;
/** The backgrounds secondary text sits on: cards and toasts (white), and the tinted panels. */
const BACKGROUNDS = [
  '#ffffff',
  'var(--mantine-color-gray-0)',
  'var(--mantine-color-gray-1)',
  'var(--mantine-color-plum-0)',
  'var(--mantine-color-plum-1)',
];

describe('text colours of the theme meet WCAG AA (4.5:1)', () => {
  it('Mantine stock greys would not: the reason for the overrides', () => {
    expect(contrast('var(--mantine-color-gray-6)', '#ffffff')).toBeLessThan(AA);
    expect(contrast('var(--mantine-color-gray-5)', '#ffffff')).toBeLessThan(AA);
  });

  it.each(['var(--mantine-color-dimmed)', 'var(--mantine-color-placeholder)'])('%s on every background', (color) => {
    for (const background of BACKGROUNDS)
      expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(AA);
  });

  it("toast descriptions (Mantine's own is gray 6) on the toast's white", () => {
    const description = (theme.components?.Notification?.styles as { description?: { color?: string } } | undefined)
      ?.description?.color;
    expect(description, 'the theme sets the toast description colour').toBeDefined();
    expect(contrast(description!, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });
});

const NON_TEXT = 3;
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The colours a stylesheet gives the resting boundary of its control in the light scheme: each
 * `border-color` (or, for text fields, `--input-bd`) that is a theme colour, in a rule for
 * `[data-mantine-color-scheme='light']`.
 */
function lightBoundaries(file: string): string[] {
  const css = fs.readFileSync(path.join(root, 'node_modules', file), 'utf8');
  const found: string[] = [];
  for (const [, selector, body] of css.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    if (!selector!.includes("[data-mantine-color-scheme='light']")) continue;
    for (const [, color] of body!.matchAll(/(?:border-color|--input-bd):\s*(var\(--mantine-color-[a-z]+-\d\))/g)) {
      found.push(color!);
    }
  }
  return found;
}

/** The controls the app uses whose boundary Mantine draws (mantine-styles.css, the admin's upload form). */
const CONTROL_STYLESHEETS = [
  '@mantine/core/styles/Radio.css',
  '@mantine/core/styles/RadioIndicator.css',
  '@mantine/core/styles/Checkbox.css',
  '@mantine/core/styles/CheckboxIndicator.css',
  '@mantine/core/styles/Input.css',
  '@mantine/core/styles/Pagination.css',
  '@mantine/dropzone/styles.css',
];

// Accessibility review: a radio button's ring was 1.49:1 on the page (Mantine's gray 4, #ced4da).
describe('the boundaries of controls meet WCAG 1.4.11 (3:1 against the page)', () => {
  it("Mantine's stock gray 4, which draws them, would not: the reason for the theme's own", () => {
    expect(contrast('var(--mantine-color-gray-4)', '#ffffff', DEFAULT_THEME)).toBeLessThan(NON_TEXT);
  });

  it.each(CONTROL_STYLESHEETS)('%s, on every background', (file) => {
    const boundaries = lightBoundaries(file);
    expect(boundaries, `${file} still draws a resting boundary from a theme colour`).not.toHaveLength(0);
    for (const boundary of boundaries)
      for (const background of BACKGROUNDS)
        expect(contrast(boundary, background), `${boundary} on ${background}`).toBeGreaterThanOrEqual(NON_TEXT);
  });

  // Accessibility review: the chosen segment of a segmented control (who answers, the pace) was
  // Mantine's white pill on its gray 1 track, 1.1:1.
  it('the chosen segment of a segmented control, against its track, with its label on it', () => {
    const track = 'var(--mantine-color-gray-1)';
    expect(contrast('#ffffff', track), "Mantine's white pill").toBeLessThan(NON_TEXT);
    const color = theme.components?.SegmentedControl?.defaultProps?.color as string | undefined;
    expect(color, 'the theme colours the chosen segment').toBeDefined();
    const shade = typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
    const fill = merged.colors[color!]![shade]!;
    expect(contrast(fill, track)).toBeGreaterThanOrEqual(NON_TEXT);
    // Its label: white, Mantine's contrast colour when the theme does not ask for autoContrast.
    expect(merged.autoContrast).toBe(false);
    expect(contrast('#ffffff', fill)).toBeGreaterThanOrEqual(AA);
  });

  it('a switch that is off: its track, where Mantine paints gray 3', () => {
    const switchCss = fs.readFileSync(path.join(root, 'node_modules/@mantine/core/styles/Switch.css'), 'utf8');
    const stock = /\[data-mantine-color-scheme='light'\] \.m_9307d992 \{\s*--switch-bg: (var\([^)]+\))/.exec(
      switchCss,
    )?.[1];
    expect(contrast(stock!, '#ffffff')).toBeLessThan(NON_TEXT);
    const classNames = theme.components?.Switch?.classNames as Record<string, string> | undefined;
    expect(classNames, 'the theme gives the switch its classes').toMatchObject({
      input: expect.any(String),
      track: expect.any(String),
    });
    const own = fs.readFileSync(path.join(import.meta.dirname, 'theme.module.css'), 'utf8');
    const track =
      /\.switchInput:not\(:checked\):not\(:disabled\) \+ \.switchTrack \{\s*--switch-bg: (var\([^)]+\));/.exec(
        own,
      )?.[1];
    expect(track, 'theme.module.css colours the track of a switch that is off').toBeDefined();
    for (const background of BACKGROUNDS)
      expect(contrast(track!, background), `${track} on ${background}`).toBeGreaterThanOrEqual(NON_TEXT);
    // The white thumb on that track.
    expect(contrast(track!, '#ffffff')).toBeGreaterThanOrEqual(NON_TEXT);
  });
});
