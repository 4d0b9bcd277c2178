import { Anchor, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../components/product';
import { SECTIONS } from './content';
import { BrandMark } from './illustrations';
import classes from './landing.module.css';
import { handleSectionClick } from './scroll-to-section';

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

  return (
    <header className={classes.header} ref={headerRef}>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.brand}>
          <BrandMark />
          {PRODUCT_NAME}
        </Link>

        <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            {SECTIONS.map((section) => (
              <Anchor
                key={section.id}
                href={`#${section.id}`}
                className={classes.navLink}
                onClick={handleSectionClick(section.id)}
              >
                {section.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="subtle">
              Sign In
            </Button>
            <Button component={Link} to="/register">
              Get Started
            </Button>
          </Group>
        </Group>

        <Burger
          ref={burgerRef}
          hiddenFrom="md"
          opened={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
        />
      </Container>

      <nav
        id={MOBILE_MENU_ID}
        aria-label="Mobile"
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
                {section.label}
              </a>
            ))}
            <Stack gap="xs" pt="sm" className={classes.mobileActions}>
              <Button component={Link} to="/customer-login" variant="default" onClick={closeMenu}>
                Login
              </Button>
              <Button component={Link} to="/login" variant="light" onClick={closeMenu}>
                Sign In
              </Button>
              <Button component={Link} to="/register" onClick={closeMenu}>
                Get Started
              </Button>
            </Stack>
          </Stack>
        </Container>
      </nav>
    </header>
  );
}
