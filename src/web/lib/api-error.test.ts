import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './api-error';

function serverError(message: string) {
  return TRPCClientError.from({
    error: { message, code: -32603, data: { code: 'CONFLICT', httpStatus: 409, path: 'auth.register' } },
  });
}

describe('errorMessage', () => {
  it("returns the server's message", () => {
    expect(errorMessage(serverError('Username is already taken'), 'Registration failed')).toBe(
      'Username is already taken',
    );
  });

  it('falls back when the server did not answer', () => {
    const networkFailure = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(errorMessage(networkFailure, 'Failed to send message. Please try again.')).toBe(
      'Failed to send message. Please try again.',
    );
  });

  it('falls back for anything that is not a server error', () => {
    expect(errorMessage(new Error('x is undefined'), 'Upload failed')).toBe('Upload failed');
    expect(errorMessage('boom', 'Upload failed')).toBe('Upload failed');
    expect(errorMessage(serverError('   '), 'Upload failed')).toBe('Upload failed');
  });
});
