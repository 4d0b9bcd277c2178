import { Container, Group, Stack, Text } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Locale } from '../../shared/i18n/locales';
import { AccountNav } from './account-nav';
import { HelpLink } from './help-link';
import { OfflineBanner } from './offline-banner';
import { PublishedPageLinks } from './published-page-links';
import { MAIN_CONTENT_ID, PRODUCT_NAME } from './product';
import footerLinks from './footer-links.module.css';
import classes from './site-layout.module.css';
import { LanguageSwitch } from '../i18n/language-switch';
import { followLanguage } from '../i18n/locale-rewrite';
import { saveLocale } from '../i18n/save-locale';
import { useT } from '../i18n/use-t';

/** Two joined rings: the product mark, drawn inline (no image request). */
function BrandMark() {
  return (
    <svg className={classes.brandMark} width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-plum-7)" />
      <circle cx="25" cy="34" r="12" fill="none" stroke="#ffffff" strokeWidth="5" />
      <circle cx="39" cy="34" r="12" fill="none" stroke="var(--mantine-color-plum-1)" strokeWidth="5" />
    </svg>
  );
}

interface SiteLayoutProps {
  children: ReactNode;
  /** Navigation or actions shown to everyone at the right of the header (one line, even at 375 px). */
  headerActions?: ReactNode;
  /**
   * Actions only for visitors who are not signed in (e.g. Sign In / Get Started). A signed-in couple
   * sees Dashboard and Sign out instead, the admin Admin and Sign out.
   */
  guestActions?: ReactNode;
  /**
   * Whether the header shows the signed-in navigation (Dashboard or Admin, and Sign out). Off for a
   * screen whose `headerActions` hold its own way out (the admin screen's Back to Website and Logout),
   * so the header never offers two controls that do the same thing.
   */
  accountNav?: boolean;
}

/**
 * The page chrome shared by every screen: header with the product name and the navigation (with the
 * signed-in state from `auth.check`), the `<main id="main">` landmark the skip link targets, and a
 * footer. Pages render it themselves so a screen can pass
 * its own header actions.
 */
export function SiteLayout({ children, headerActions, guestActions, accountNav = true }: SiteLayoutProps) {
  const { t } = useT();
  const router = useRouter();
  // Kept on the account, and a public page moves to its address in that language (/es/login).
  const chooseLanguage = (locale: Locale) => {
    saveLocale(locale);
    followLanguage(router, locale);
  };
  return (
    <div className={classes.shell}>
      <OfflineBanner />
      <header className={classes.header}>
        <Container size="lg" py="xs">
          {/* One line at every width down to 320 px (site-layout.module.css), never wrapping: on a
              phone the language switch moves to the footer to make room. */}
          <Group className={classes.headerInner} justify="space-between" gap="sm" wrap="nowrap">
            <Link to="/" className={classes.brand}>
              <BrandMark />
              <span className={classes.brandText}>{PRODUCT_NAME}</span>
            </Link>
            <Group component="nav" aria-label={t('common.nav.main')} gap="sm" wrap="nowrap" className={classes.nav}>
              <div className={classes.headerLanguage}>
                <LanguageSwitch onChange={chooseLanguage} />
              </div>
              {headerActions}
              {accountNav ? <AccountNav guestActions={guestActions} /> : null}
            </Group>
          </Group>
        </Container>
      </header>

      <main id={MAIN_CONTENT_ID} className={classes.main} tabIndex={-1}>
        {children}
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {PRODUCT_NAME}
            </Text>
            <Text size="sm" c="dimmed">
              {t('common.footer.tagline')}
            </Text>
            <nav aria-label={t('common.footer.nav')}>
              <ul className={`${footerLinks.list} ${classes.footerLinks}`}>
                <HelpLink className={footerLinks.link} />
                <PublishedPageLinks
                  classNames={{
                    link: footerLinks.link!,
                    placeholder: footerLinks.placeholder!,
                    visuallyHidden: footerLinks.visuallyHidden!,
                  }}
                />
              </ul>
            </nav>
            <div className={classes.footerLanguage}>
              <LanguageSwitch onChange={chooseLanguage} />
            </div>
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} {PRODUCT_NAME}
            </Text>
          </Stack>
        </Container>
      </footer>
    </div>
  );
}
