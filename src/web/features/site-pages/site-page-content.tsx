import classes from './site-page-content.module.css';

/**
 * A public page's body: HTML rendered from the seller's Markdown by renderSitePageMarkdown
 * (src/shared/site-page-markdown.ts), which turns raw HTML into text and keeps only safe links.
 */
export function SitePageContent({ html }: { html: string }) {
  return (
    <div
      className={classes.content}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html: false and validated links (decision 0143) made this HTML, never raw input.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
