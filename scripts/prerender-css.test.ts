import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, withoutUnusedVariables } from './prerender-css';

const HTML = '<div class="hero m_1"><p class="  lead  m_2 ">Hi</p><span class="m_3"></span></div>';

describe('classesIn', () => {
  it('collects every class of every class attribute', () => {
    expect([...classesIn(HTML)].sort()).toEqual(['hero', 'lead', 'm_1', 'm_2', 'm_3']);
  });
});

describe('criticalCss', () => {
  it('keeps rules whose classes are all in the page and drops the others', () => {
    const css = '.m_1{color:red}.m_9{color:blue}.m_1 .m_2{margin:0}.m_1 .m_9{padding:0}.m_9,.m_3{display:block}';
    const out = criticalCss(css, HTML);
    expect(out).toContain('.m_1{color:red}');
    expect(out).toContain('.m_1 .m_2{margin:0}');
    expect(out).toContain('.m_9,.m_3{display:block}');
    expect(out).not.toContain('color:blue');
    expect(out).not.toContain('padding:0');
  });

  it('keeps rules without classes, @font-face and @keyframes', () => {
    const css =
      ':root{--a:1}body{margin:0}@font-face{font-family:x;src:url(x.woff2)}@keyframes spin{from{opacity:0}to{opacity:1}}';
    const out = criticalCss(css, HTML);
    expect(out).toContain(':root{--a:1}');
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('@font-face');
    expect(out).toContain('@keyframes spin{from{opacity:0}to{opacity:1}}');
  });

  it('ignores classes inside :not() and drops dark-scheme rules', () => {
    const css =
      ".m_1:not(.m_9){color:red}[data-mantine-color-scheme='dark'] .m_1{color:white}:root[data-mantine-color-scheme=dark]{--a:2}";
    const out = criticalCss(css, HTML);
    expect(out).toContain('.m_1:not(.m_9){color:red}');
    expect(out).not.toContain('white');
    expect(out).not.toContain('--a:2');
  });

  it('prunes rules inside @media and drops at-rules left empty', () => {
    const css = '@media (min-width:48em){.m_1{color:red}.m_9{color:blue}}@media (min-width:64em){.m_9{color:green}}';
    const out = criticalCss(css, HTML);
    expect(out).toContain('@media (min-width:48em){.m_1{color:red}');
    expect(out).not.toContain('blue');
    expect(out).not.toContain('64em');
  });
});

describe('withoutUnusedVariables', () => {
  const page = (critical: string[], rest = '') =>
    `<head>${critical.map((css) => `<style data-critical-css>${css}</style>`).join('')}</head><body>${rest}</body>`;

  it('keeps the variables the page reads, directly or through another variable, and drops the rest', () => {
    const out = withoutUnusedVariables(
      page([
        ':root{--color:red;--unused:blue;--radius:var(--base);--base:var(--unit);--unit:4px;--also-unused:var(--orphan);--orphan:1}',
        '.m_1{color:var(--color);border-radius:var(--radius)}',
      ]),
    );
    expect(out).toContain(':root{--color:red;--radius:var(--base);--base:var(--unit);--unit:4px}');
    expect(out).toContain('.m_1{color:var(--color);border-radius:var(--radius)}');
    expect(out).not.toContain('unused');
    expect(out).not.toContain('orphan');
  });

  it('counts what style attributes and other style elements read, and drops rules and at-rules left empty', () => {
    const out = withoutUnusedVariables(
      page(
        [':root{--gap:8px;--size:2rem;--lost:1}@media (min-width:48em){:root{--lost:2}}.m_2{--lost:3}'],
        '<div style="gap:var(--gap)"></div><style data-mantine-styles>.x{width:var(--size)}</style>',
      ),
    );
    expect(out).toContain('<style data-critical-css>:root{--gap:8px;--size:2rem}</style>');
    expect(out).toContain('<style data-mantine-styles>.x{width:var(--size)}</style>');
    expect(out).not.toContain('@media');
    expect(out).not.toContain('m_2');
  });
});
