import { describe, expect, it } from 'vitest';
import { compareAnswers } from './compare-answers';

describe('compareAnswers', () => {
  it('agrees on the same answer, whatever the case, spaces and punctuation', () => {
    expect(compareAnswers('Yes, Sundays!', '  yes sundays ')).toBe('agree');
  });
  it('asks to talk about different answers', () => {
    expect(compareAnswers('Sundays', 'Saturdays')).toBe('talk');
  });
  it('tells when only one answered, or neither', () => {
    expect(compareAnswers('Sundays', '  ')).toBe('one');
    expect(compareAnswers(undefined, '')).toBe('none');
  });
});
