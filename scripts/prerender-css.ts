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
