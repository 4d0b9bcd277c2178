import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { upstreamFailure } from './upstream-error';

describe('upstreamFailure', () => {
  it('keeps what helps and masks anything shaped like a key or a webhook secret', () => {
    const stripe = Object.assign(new Error('Invalid API Key provided: sk_live_****************abcd (whsec_abc)'), {
      type: 'StripeAuthenticationError',
      statusCode: 401,
      requestId: 'req_123',
      raw: { headers: { authorization: 'Bearer sk_live_full' } },
    });
    const logged = upstreamFailure(new AppError('SERVICE_UNAVAILABLE', 'Try again.', undefined, stripe));
    expect(logged).toEqual({
      message: 'Try again.',
      cause: {
        name: 'Error',
        type: 'StripeAuthenticationError',
        code: undefined,
        statusCode: 401,
        requestId: 'req_123',
        message: 'Invalid API Key provided: sk_[redacted] (whsec_[redacted])',
      },
    });
    expect(JSON.stringify(logged)).not.toContain('sk_live_full');
  });

  it('is nothing for errors that are not a failing service', () => {
    expect(upstreamFailure(new AppError('NOT_FOUND', 'Order not found'))).toBeUndefined();
    expect(upstreamFailure(new Error('boom'))).toBeUndefined();
  });
});
