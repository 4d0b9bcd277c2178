import { describe, expect, it } from 'vitest';
import { userIdSchema, weekNumberSchema, WEEK_NUMBER_MESSAGE } from './schemas';

describe('weekNumberSchema', () => {
  it.each([1, 52, '1', '52', '07'])('reads %j as a week', (value) => {
    expect(weekNumberSchema.parse(value)).toBe(Number(value));
  });

  it.each([
    true,
    [1],
    '0x1',
    ' 1 ',
    '1e0',
    '+1',
    '1.0',
    '',
    0,
    53,
    1.5,
    '-1',
    null,
    undefined,
    Infinity,
    '9'.repeat(400),
  ])('refuses %j naming weekNumber', (value) => {
    const result = weekNumberSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([WEEK_NUMBER_MESSAGE]);
  });
});

describe('userIdSchema', () => {
  it.each([1, '1', '123456'])('reads %j as an id', (value) => {
    expect(userIdSchema.parse(value)).toBe(Number(value));
  });

  it.each([true, [1], '0x1', ' 1 ', '1e0', '+1', 0, '0', 1.5, '-1', '99999999999999999999'])('refuses %j', (value) => {
    expect(userIdSchema.safeParse(value).error?.issues[0]?.message).toBe('userId must be a positive whole number');
  });
});
