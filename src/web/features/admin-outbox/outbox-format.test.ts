import { describe, expect, it } from 'vitest';
import { explainMailError, kindLabel } from './outbox-format';

describe('explainMailError', () => {
  it.each([
    [
      'connect ECONNREFUSED 127.0.0.1:587',
      'The mail server could not be reached. Check the host and port in SMTP_URL, then retry.',
    ],
    ['Connection timeout', 'The mail server could not be reached. Check the host and port in SMTP_URL, then retry.'],
    [
      'Invalid login: 535 5.7.8 Authentication failed',
      'The mail server refused the user name or password in SMTP_URL.',
    ],
    [
      "Can't send mail - all recipients were rejected: 550 5.1.1 No such user",
      'The mail server refused this recipient. Check the address for a typo.',
    ],
    ['Message failed: 450 Mailbox busy, try later', 'The mail server asked to try again later. A retry usually works.'],
  ])('explains %s', (error, words) => {
    expect(explainMailError(error)).toBe(words);
  });

  it('gives no explanation it cannot back', () => {
    expect(explainMailError('Something odd happened')).toBeNull();
  });
});

describe('kindLabel', () => {
  it('names known kinds and shows unknown ones as stored', () => {
    expect(kindLabel('weekly-reminder')).toBe('Weekly reminder');
    expect(kindLabel('something-new')).toBe('something-new');
  });
});
