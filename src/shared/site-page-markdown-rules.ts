import type MarkdownIt from 'markdown-it';

/**
 * The one Markdown renderer of the public pages (decision 0143): the server renders the page the
 * public reads, and the Settings editor's preview uses the same function, so the preview is what
 * gets published.
 *
 * Safe by construction: `html: false` turns any HTML in the text into visible text; links are kept
 * only for http(s), mailto and same-site paths or anchors (a `javascript:` or `data:` link stays
 * plain text); images are off (no outside requests from a policy page). A `#` heading becomes an
 * h2, so the page's own title is its only h1 (`##` sections, as the starter texts use, stay h2).
 *
 * This file takes the MarkdownIt class as an argument and imports it only as a type, so the server
 * can import markdown-it on the first page read (idle memory, decision 0188) while the browser's
 * preview (site-page-markdown.ts) imports it at once: both render with these same rules.
 */
export function createSitePageMarkdown(MarkdownItClass: typeof MarkdownIt): (text: string) => string {
  const markdown = new MarkdownItClass({ html: false, linkify: true, typographer: true });
  markdown.disable('image');

  const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
  markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

  markdown.core.ruler.push('headings_below_title', (state) => {
    for (const token of state.tokens) {
      if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
    }
  });

  const defaultLinkOpen =
    markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx]!.attrGet('href') ?? '');
    // Links to other sites get no access to this page and pass on no referrer.
    if (/^https?:\/\//i.test(href)) tokens[idx]!.attrSet('rel', 'noopener noreferrer nofollow');
    return defaultLinkOpen(tokens, idx, options, env, self);
  };

  return (text: string) => markdown.render(text);
}
