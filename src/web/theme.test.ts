import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

/** A hex colour, or `var(--mantine-color-NAME-SHADE)` / `var(--mantine-color-dimmed)` resolved as the light scheme does. */
function resolve(color: string): string {
  if (color.startsWith('#')) return color;
  const variable = /^var\((--mantine-color-[a-z0-9-]+)\)$/.exec(color)?.[1];
  const light = (cssVariablesResolver(merged).light as Record<string, string>)[variable ?? ''];
  if (light) return resolve(light);
  const shade = /^--mantine-color-([a-z]+)-(\d)$/.exec(variable ?? '');
  const value = shade ? merged.colors[shade[1]!]?.[Number(shade[2])] : undefined;
  if (!value) throw new Error(`cannot resolve ${color}`);
  return value;
}

/** WCAG 2.x contrast ratio of two hex colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(resolve(a)), luminance(resolve(b))].sort((x, y) => y - x);
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
