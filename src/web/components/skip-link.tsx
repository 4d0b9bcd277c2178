import { MAIN_CONTENT_ID } from './product';
import classes from './skip-link.module.css';
import { useT } from '../i18n/use-t';

/**
 * First focusable element of every page: jumps keyboard users past the header to the content.
 * Kept apart from SiteLayout (and its account navigation) because the root route renders it on
 * every page, so it is part of the entry chunk the landing page pays for.
 */
export function SkipLink() {
  const { t } = useT();
  return (
    <a
      className={classes.skipLink}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Move focus without changing the URL (the router would treat a hash change as navigation).
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('common.skipLink')}
    </a>
  );
}
