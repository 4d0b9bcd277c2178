import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, LOCALES, SERVER_AREAS } from '../../shared/i18n/locales';
import { setupI18n } from '@lingui/core';
import { formatNumber } from '../../shared/i18n/format';
import {
  adoptedAreas,
  areasFor,
  BACK_OFFICE_AREAS,
  builtCatalogs,
  i18n,
  languageReady,
  loadCatalogs,
  translate,
} from './i18n';

const WEB = path.resolve(import.meta.dirname, '..');

/** The web's source files (not tests), relative to src/web. */
function sources(dir = WEB): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(WEB, full)] : [];
  });
}

/** The back office's own code: its routes and features, and the facilitators' (which share its lists). */
const BACK_OFFICE_CODE =
  /^(routes\/(admin|facilitator)|features\/(admin|facilitator)|components\/admin\/|lib\/admin-format\.ts$)/;

describe('the catalogs each page loads', () => {
  it('gives a couple’s and a visitor’s pages everything but the back office’s catalogs', () => {
    for (const pathname of [
      '/dashboard',
      '/expectations',
      '/mentor',
      '/gift',
      '/es/login',
      '/verify/ABC',
      '/privacy',
    ]) {
      const areas = areasFor(pathname);
      for (const area of BACK_OFFICE_AREAS) expect(areas, pathname).not.toContain(area);
      // The mentor card (facilitator), a week's language notice (content-editor), the policies.
      for (const area of ['common', 'dashboard', 'facilitator', 'content-editor', 'policies'] as const)
        expect(areas, pathname).toContain(area);
    }
    for (const pathname of ['/admin', '/admin/orders', '/admin-login', '/facilitator', '/facilitator/cohorts/2']) {
      for (const area of BACK_OFFICE_AREAS) expect(areasFor(pathname), pathname).toContain(area);
    }
    expect(areasFor('/')).toEqual(['common', 'landing', 'contact']);
    // Every other area is a page's: all but the server's own (emails, PDFs, starter texts) and the landing page's.
    expect([...areasFor('/admin')].sort()).toEqual(
      AREAS.filter((area) => !['email', 'pdf', 'starters', 'landing'].includes(area)).sort(),
    );
  });

  it('builds every area’s catalog in each language but the server’s own', async () => {
    const pageAreas = AREAS.filter((area) => !SERVER_AREAS.includes(area));
    expect((await builtCatalogs()).sort()).toEqual(
      LOCALES.flatMap((locale) => pageAreas.map((area) => `${locale}/${area}`)).sort(),
    );
  });

  it('no code outside the back office uses a back-office message', () => {
    const prefixes = BACK_OFFICE_AREAS.map((area) => area.replace('-', '\\-')).join('|');
    const id = new RegExp(`['"\`](${prefixes})\\.[a-zA-Z]`);
    const users = sources()
      .filter((file) => !BACK_OFFICE_CODE.test(file))
      // The admin pages' frames (titles of /admin pages), prerendered for those paths only.
      .filter((file) => file !== 'page-shells.tsx')
      .filter((file) => id.test(fs.readFileSync(path.join(WEB, file), 'utf8')));
    expect(users).toEqual([]);
  });
});

describe('languageReady', () => {
  it('counts a plural’s number as the page’s other numbers are (es-US: “13,479 días”, not “13.479”)', async () => {
    i18n.activate('en');
    await loadCatalogs('es', ['dashboard']);
    expect(translate('dashboard.wedding.countdown', { count: 13479 })).toBe(
      `Faltan ${formatNumber('es', 13479)} días para su boda`,
    );
    expect(formatNumber('es', 13479)).toBe('13,479');
    i18n.activate('en');
  });

  it('says a one-seat pack in the singular in Spanish (“paquete de 1 plaza”, not “1 plazas”)', async () => {
    await loadCatalogs('es', ['facilitator']);
    expect(translate('facilitator.admin.refundTitle', { seats: 1, name: 'Ana' })).toBe(
      '¿Reembolsar el paquete de 1 plaza de Ana?',
    );
    expect(translate('facilitator.admin.refundPack', { seats: 12, name: 'Ana' })).toBe(
      'Reembolsar el paquete de 12 plazas de Ana',
    );
    i18n.activate('en');
  });

  it('loads a sign-in’s language for the page still on screen too (the landing page after an instant login)', () => {
    expect(adoptedAreas('/dashboard', '/es')).toEqual(expect.arrayContaining(['landing', 'contact', 'dashboard']));
    expect(adoptedAreas('/admin', '/admin-login')).toEqual(areasFor('/admin'));
  });

  it('waits until a language is active (catalogs loaded alone are not enough), at once when one is', async () => {
    const instance = setupI18n();
    let ready = false;
    const waiting = languageReady(instance).then(() => {
      ready = true;
    });
    instance.load('en', { hello: 'Hello' });
    await Promise.resolve();
    expect(ready).toBe(false);
    instance.activate('en');
    await waiting;
    expect(ready).toBe(true);
    await expect(languageReady(instance)).resolves.toBeUndefined();
  });
});
