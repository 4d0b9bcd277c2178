import MarkdownIt from 'markdown-it';
import { createSitePageMarkdown } from './site-page-markdown-rules';

/**
 * The one Markdown renderer of the public pages (decision 0143), with markdown-it imported at once
 * (the Settings editor's preview). The rules are in site-page-markdown-rules.ts, which the server
 * uses with markdown-it imported on first use (decision 0188).
 */
export const renderSitePageMarkdown = createSitePageMarkdown(MarkdownIt);
