import { describe, expect, it } from 'vitest';
import { adminCookie, createCouple, sessionCookie, useTestApp } from '../test/harness';
import { newFacilitator } from '../features/facilitators/test-support';

/*
 * Decision 0335: a security review found a couple's private answers (workbook.answers, the REST
 * workbook read) and a facilitator's cohorts answered with no Cache-Control, so a browser's disk
 * cache or a shared proxy could keep them after sign-out. Every /api answer, tRPC and REST, is
 * `private, no-store` unless its route says otherwise; pages and the build's files keep theirs.
 */
const t = useTestApp();

describe('Cache-Control of /api answers', () => {
  it("is private, no-store on a couple's, a facilitator's and the back office's answers, tRPC and REST", async () => {
    const couple = await createCouple(t.deps);
    const cookie = await sessionCookie(t.deps, couple.accountId);
    const facilitator = await newFacilitator(t);
    const input = encodeURIComponent(JSON.stringify({ weekNumber: 1, partner: 'partner1' }));
    const batch = encodeURIComponent(JSON.stringify({ 0: { weekNumber: 1 }, 1: undefined }));
    const answers = await Promise.all([
      t.app.inject({ url: `/api/trpc/workbook.answers?input=${input}`, headers: { cookie } }),
      t.app.inject({ url: `/api/trpc/workbook.content,profile.get?batch=1&input=${batch}`, headers: { cookie } }),
      t.app.inject({ url: `/api/workbook-responses/${couple.coupleId}/1/partner1`, headers: { cookie } }),
      t.app.inject({ url: `/api/user-progression/${couple.coupleId}`, headers: { cookie } }),
      t.app.inject({
        method: 'POST',
        url: '/api/trpc/progress.update',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ weekNumber: 1, rating: 4 }),
      }),
      t.app.inject({ url: '/api/trpc/facilitator.cohorts', headers: { cookie: facilitator.cookie } }),
      t.app.inject({ url: '/api/trpc/adminCouples.list?input=%7B%7D', headers: { cookie: await adminCookie(t.deps) } }),
      // Refusals and unknown paths too: nothing under /api is kept.
      t.app.inject({ url: `/api/trpc/workbook.answers?input=${input}` }),
      t.app.inject({ url: '/api/no-such-thing' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 401, 404]);
    for (const res of answers) expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('private, no-store');
  });

  it('leaves pages and the health checks their own', async () => {
    const [page, health] = await Promise.all([t.app.inject({ url: '/dashboard' }), t.app.inject({ url: '/healthz' })]);
    expect(page.headers['cache-control']).not.toContain('no-store');
    expect(health.headers['cache-control']).toBe('no-store');
  });
});
