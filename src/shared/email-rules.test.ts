import { describe, expect, it } from 'vitest';
import { signInEmailSchema } from './auth-schemas';
import { signInEmailProblem } from './email-rules';

describe('signInEmailProblem', () => {
  it('refuses what signInEmailSchema refuses, with its message, and accepts what it accepts', () => {
    for (const typed of [
      '',
      '   ',
      'john@',
      'john@example',
      '@example.com',
      'jo hn@example.com',
      'john@example.com',
      '  John@Example.com ',
      `${'a'.repeat(250)}@b.co`,
    ]) {
      const parsed = signInEmailSchema.safeParse(typed);
      expect(signInEmailProblem(typed), typed).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
    }
  });
});
