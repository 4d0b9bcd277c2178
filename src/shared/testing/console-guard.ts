import { afterEach, beforeEach } from 'vitest';

/**
 * Fails any test that logs a console.error it did not expect. The guard is a plain function, not a
 * spy, so a test that expects an error can replace it with
 * `vi.spyOn(console, 'error').mockImplementation(...)` and restore it with `mockRestore()`.
 * Call it before registering other after-hooks: they run in reverse order, so errors logged while
 * cleaning up are caught too.
 */
export function failOnConsoleError(): void {
  const originalConsoleError = console.error;
  let unexpectedErrors: unknown[][] = [];

  beforeEach(() => {
    unexpectedErrors = [];
    console.error = (...args: unknown[]) => {
      unexpectedErrors.push(args);
      originalConsoleError(...args);
    };
  });

  afterEach(() => {
    console.error = originalConsoleError;
    if (unexpectedErrors.length > 0) {
      const logged = unexpectedErrors.map((args) => args.map(String).join(' ')).join('\n');
      throw new Error(`Unexpected console.error:\n${logged}`);
    }
  });
}
