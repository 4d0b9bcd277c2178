import postcss, { type Container } from 'postcss';

/** Every class name used in `html` (from its class attributes). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g;
const DARK_SCHEME = /data-mantine-color-scheme=['"]?dark/;

/**
 * The rules of `css` that can apply to the prerendered page: a rule stays when one of its selectors
 * names only classes present in `html` (rules without classes, such as :root variables, element
 * resets, @font-face and @keyframes, always stay; dark-scheme rules go). Used to inline the landing page's critical CSS
 * (scripts/prerender.ts); the full stylesheet still loads, without blocking the first paint.
 */
export function criticalCss(css: string, html: string): string {
  const used = classesIn(html);
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        if (node.parent?.type === 'atrule' && /keyframes$/i.test(node.parent.name)) return;
        // Classes inside :not(...) need not be present for the selector to match. The app has one
        // (light) colour scheme: dark-scheme rules never apply to the first paint.
        const applies = node.selectors.some(
          (selector) =>
            !DARK_SCHEME.test(selector) &&
            [...selector.replace(/:not\([^()]*\)/g, '').matchAll(CLASS_IN_SELECTOR)].every((m) => used.has(m[1]!)),
        );
        if (!applies) node.remove();
      } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name) && node.name !== 'font-face') {
        prune(node);
        if (node.nodes.length === 0) node.remove();
      } else if (node.type === 'comment') {
        node.remove();
      }
    });
  };
  prune(root);
  return root.toString().replace(/\n\s*/g, '\n');
}

const VARIABLE_REFERENCE = /var\(\s*(--[\w-]+)/g;
const CRITICAL_STYLE = /(<style data-critical-css>)([\s\S]*?)(<\/style>)/g;

/**
 * `page` with the custom properties its inlined critical CSS declares but nothing on the page reads
 * left out (decision 0401): Mantine's theme declares about 600 on `:root` (every colour's shades and
 * variants), and a prerendered frame reads about 150-200. A variable is read when a `var()` outside
 * the critical CSS names it (an element's style attribute, Mantine's own style elements), when a
 * declaration that is not a custom property names it, or when a variable that is read names it.
 * The full stylesheets, applied before the app takes over, bring every variable back.
 */
export function withoutUnusedVariables(page: string): string {
  const sheets = [...page.matchAll(CRITICAL_STYLE)].map((match) => postcss.parse(match[2]!));
  const read = new Set([...page.replace(CRITICAL_STYLE, '').matchAll(VARIABLE_REFERENCE)].map((m) => m[1]!));
  const valuesOf = new Map<string, string[]>();
  for (const sheet of sheets) {
    sheet.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) valuesOf.set(decl.prop, [...(valuesOf.get(decl.prop) ?? []), decl.value]);
      else for (const m of decl.value.matchAll(VARIABLE_REFERENCE)) read.add(m[1]!);
    });
  }
  const pending = [...read];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const value of valuesOf.get(name) ?? []) {
      for (const m of value.matchAll(VARIABLE_REFERENCE)) {
        if (!read.has(m[1]!)) {
          read.add(m[1]!);
          pending.push(m[1]!);
        }
      }
    }
  }
  const pruned = sheets.map((sheet) => {
    sheet.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
    });
    sheet.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
    sheet.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
    return sheet.toString();
  });
  let index = 0;
  return page.replace(
    CRITICAL_STYLE,
    (_all, open: string, _css: string, close: string) => `${open}${pruned[index++]}${close}`,
  );
}
