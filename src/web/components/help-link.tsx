import { useT } from '../i18n/use-t';

/**
 * The way to ask for help, in the same place on every page (WCAG 2.2, 3.2.6 Consistent Help): the
 * first link of the footer's navigation, on the landing page and in every other page's footer. It
 * opens the landing page's contact form in the page's language.
 */
export function HelpLink({ className }: { className?: string }) {
  const { t, locale } = useT();
  return (
    <li>
      <a href={locale === 'es' ? '/es#contact' : '/#contact'} className={className} data-help-link>
        {t('common.footer.help')}
      </a>
    </li>
  );
}
