import { Anchor, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../components/product';
import { SECTIONS } from './content';
import { BrandMark } from './illustrations';
import classes from './landing.module.css';
import { handleSectionClick } from './scroll-to-section';
import { LanguageSwitch } from '../../i18n/language-switch';
import { useT } from '../../i18n/use-t';

const MOBILE_MENU_ID = 'landing-mobile-menu';

/**
 * The landing page's top bar: the brand, links to the page's sections (smooth scroll), Sign In and
 * Get Started. Below the `md` breakpoint the links move into a menu behind a burger button, which
 * also offers Login (the customer login with email and access code). The menu closes when a section
 * is chosen, on Escape (focus returns to the button), and when focus or a click leaves it.
 */
export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      burgerRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const { t, locale } = useT();
  const navigate = useNavigate();
  // The landing page has an address per language (`/` and `/es`): switching goes to the other one.
  const languageSwitch = (
    <LanguageSwitch onChange={(next) => void navigate({ to: next === 'es' ? '/es' : '/', hash: undefined })} />
  );

  return (
    <header className={classes.header} ref={headerRef}>
      <Container size="lg" className={classes.headerInner}>
        <Link to={locale === 'es' ? '/es' : '/'} className={classes.brand}>
          <BrandMark />
          {PRODUCT_NAME}
        </Link>

        <Group component="nav" aria-label={t('landing.nav.main')} gap="lg" visibleFrom="md" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            {SECTIONS.map((section) => (
              <Anchor
                key={section.id}
                href={`#${section.id}`}
                className={classes.navLink}
                onClick={handleSectionClick(section.id)}
              >
                {t(section.label)}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {languageSwitch}
            <Button component={Link} to="/login" variant="subtle">
              {t('landing.nav.signIn')}
            </Button>
            <Button component={Link} to="/register">
              {t('landing.nav.getStarted')}
            </Button>
          </Group>
        </Group>

        <Burger
          ref={burgerRef}
          hiddenFrom="md"
          opened={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          aria-label={menuOpen ? t('landing.nav.closeMenu') : t('landing.nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
        />
      </Container>

      <nav
        id={MOBILE_MENU_ID}
        aria-label={t('landing.nav.mobile')}
        className={classes.mobileMenu}
        hidden={!menuOpen}
        onBlur={(event) => {
          // Tabbing out of the menu (not into the burger) closes it.
          const next = event.relatedTarget as Node | null;
          if (next && !headerRef.current?.contains(next)) closeMenu();
        }}
      >
        <Container size="lg">
          <Stack gap={4} py="sm">
            {SECTIONS.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                className={classes.mobileLink}
                onClick={handleSectionClick(section.id, closeMenu)}
              >
                {t(section.label)}
              </a>
            ))}
            <Stack gap="xs" pt="sm" className={classes.mobileActions}>
              {languageSwitch}
              <Button component={Link} to="/customer-login" variant="default" onClick={closeMenu}>
                {t('landing.nav.login')}
              </Button>
              <Button component={Link} to="/login" variant="light" onClick={closeMenu}>
                {t('landing.nav.signIn')}
              </Button>
              <Button component={Link} to="/register" onClick={closeMenu}>
                {t('landing.nav.getStarted')}
              </Button>
            </Stack>
          </Stack>
        </Container>
      </nav>
    </header>
  );
}
