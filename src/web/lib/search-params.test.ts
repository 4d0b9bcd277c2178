import { describe, expect, it } from 'vitest';
import { optionalSearchText, searchTexts } from './search-params';

describe('search params', () => {
  it('reads texts, turns decoded numbers and booleans back into text, and drops anything else', () => {
    expect(optionalSearchText('Ana')).toBe('Ana');
    expect(optionalSearchText(123)).toBe('123');
    expect(optionalSearchText(true)).toBe('true');
    expect(optionalSearchText(['a', 'b'])).toBeUndefined();
    expect(optionalSearchText({ a: 1 })).toBeUndefined();
  });

  it('picks only the named keys', () => {
    expect(
      searchTexts({ email: 'a@b.co', firstName: 7, other: 'x', lastName: null }, ['email', 'firstName', 'lastName']),
    ).toEqual({
      email: 'a@b.co',
      firstName: '7',
    });
  });
});
