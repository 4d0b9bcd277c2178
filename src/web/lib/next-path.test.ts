import { describe, expect, it } from 'vitest';
import { nextSearch, safeNextPath } from './next-path';

// QA walk: a seat link opened while signed out lost its way at sign-in. Only this site's paths are
// followed back (no open redirect).
describe('safeNextPath', () => {
  it('keeps a path of this site, with its search and hash', () => {
    expect(safeNextPath('/mentor?code=SEAT-AAAAA-BBBBB-CCCCC-DDDDD')).toBe('/mentor?code=SEAT-AAAAA-BBBBB-CCCCC-DDDDD');
    expect(safeNextPath('/mentor')).toBe('/mentor');
    expect(safeNextPath('/dashboard#week-3')).toBe('/dashboard#week-3');
  });

  it.each([
    'https://evil.example/mentor',
    'http://evil.example',
    '//evil.example/mentor',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'mentor?code=X',
    '',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeUndefined();
    expect(nextSearch({ next: value })).toEqual({ next: undefined });
  });

  it('refuses what is not text', () => {
    expect(safeNextPath(42)).toBeUndefined();
    expect(safeNextPath(['/mentor'])).toBeUndefined();
    expect(nextSearch({})).toEqual({ next: undefined });
  });
});
