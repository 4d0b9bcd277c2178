import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables as MantineProvider would write them into the page on every render
 * (decision 0302): kept in src/web/theme-variables.css, which main.tsx imports, so the browser gets
 * them with the stylesheet and the provider runs with `withCssVariables={false}`. After a change to
 * the theme, `npx vitest run --project web src/web/theme-variables.test.tsx -u` writes the file again.
 */
function providerVariables(): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {null}
    </MantineProvider>,
  );
  const css = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error('MantineProvider wrote no CSS variables');
  return css;
}

describe('the theme CSS variables file', () => {
  it('holds what MantineProvider would write for the theme', async () => {
    const file = `/* Written by src/web/theme-variables.test.tsx from src/web/theme.ts (decision 0302): run that test with -u after changing the theme. */\n${providerVariables()}\n`;
    await expect(file).toMatchFileSnapshot('./theme-variables.css');
  });
});
