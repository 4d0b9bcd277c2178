import { describe, expect, it } from 'vitest';
import { hreflangLinks, localizedPath, unlocalizedPath } from './localized-pages';
import { chooseLocale } from './locales';

describe('localized page addresses', () => {
  it('gives a public page its Spanish address and back', () => {
    expect(localizedPath('/login', 'es')).toBe('/es/login');
    expect(localizedPath('/es/login', 'en')).toBe('/login');
    expect(localizedPath('/gift/sent', 'es')).toBe('/es/gift/sent');
    expect(localizedPath('/', 'es')).toBe('/es');
    expect(localizedPath('/es', 'en')).toBe('/');
    expect(unlocalizedPath('/es/privacy')).toBe('/privacy');
  });

  it('leaves the signed-in pages and unknown paths alone', () => {
    expect(localizedPath('/dashboard', 'es')).toBe('/dashboard');
    expect(localizedPath('/admin/orders', 'es')).toBe('/admin/orders');
    expect(unlocalizedPath('/es/dashboard')).toBe('/es/dashboard');
    expect(unlocalizedPath('/es/no-such-page')).toBe('/es/no-such-page');
  });

  it('a Spanish address is Spanish whatever the cookie says', () => {
    expect(chooseLocale({ pathname: '/es/login', cookie: 'vw_locale=en', preferences: ['en'] })).toBe('es');
  });

  it('names both addresses, English as the default', () => {
    expect(hreflangLinks('/es/terms')).toEqual([
      '<link rel="alternate" hreflang="en" href="/terms">',
      '<link rel="alternate" hreflang="es" href="/es/terms">',
      '<link rel="alternate" hreflang="x-default" href="/terms">',
    ]);
  });
});
