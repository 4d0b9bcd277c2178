import { describe, expect, it } from 'vitest';
import { createRequestIdGenerator, REQUEST_ID_PATTERN } from './request-id';

describe('createRequestIdGenerator', () => {
  it('gives 16-character base64url ids, all different across refills of its random pool', () => {
    const next = createRequestIdGenerator();
    const ids = Array.from({ length: 5_000 }, () => next());
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws fresh randomness in each generator', () => {
    const [a, b] = [createRequestIdGenerator(), createRequestIdGenerator()];
    expect(a()).not.toBe(b());
  });
});
