import { type Locale, LOCALE_NAMES, LOCALES } from '../../shared/i18n/locales';
import { areasFor, loadCatalogs, rememberLocale } from './i18n';
import classes from './language-switch.module.css';
import { useT } from './use-t';

/**
 * The language switch (landing, dashboard and admin headers): two buttons, "English" and
 * "Español", each in its own language (`lang`), the current one pressed. Choosing one loads that
 * language's catalogs, switches the page, and remembers the choice in a cookie; `onChange` lets a
 * signed-in page also keep it on the account (`trpc.profile.setLocale`). `onChange` runs after the
 * switch, so a failed save never leaves the page in the old language.
 */
export function LanguageSwitch({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { t, locale } = useT();
  async function choose(next: Locale) {
    if (next === locale) return;
    rememberLocale(next);
    await loadCatalogs(next, areasFor(window.location.pathname));
    onChange?.(next);
  }
  return (
    <fieldset aria-label={t('common.language.label')} className={classes.switch}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          className={classes.option}
          onClick={() => void choose(option)}
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </fieldset>
  );
}
