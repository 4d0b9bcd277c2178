import { pauseInputSchema, planChoiceSchema, timeZoneInputSchema } from '../../shared/plan-schemas';
import { assertOwnCouple } from '../features/auth/access';
import { calendarFeed, nextSessionCalendar } from '../features/plan/calendar';
import { acceptPlan, getPlanOverview, pausePlan, resumePlan, setTimeZone } from '../features/plan/service';
import { attachment } from './content-disposition';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

interface UserParams {
  userId: string;
}

/**
 * The plan paced to the wedding over REST (docs/product.md#paced-plan): the same services as the
 * `plan` procedures, for outside clients, and the private calendar feed, which calendar apps fetch
 * without a session (the unguessable token is the key; unknown or revoked: 404).
 */
export const planRoutes: RestRoutes = (app, deps) => {
  app.get<{ Params: UserParams }>('/api/plan/:userId', async (req) =>
    getPlanOverview(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId)),
  );
  app.post<{ Params: UserParams }>('/api/plan/:userId/accept', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    return acceptPlan(deps, couple, parseInput(planChoiceSchema, req.body ?? {}));
  });
  app.post<{ Params: UserParams }>('/api/plan/:userId/pause', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    return pausePlan(deps, couple, parseInput(pauseInputSchema, req.body).until);
  });
  app.post<{ Params: UserParams }>('/api/plan/:userId/resume', async (req) =>
    resumePlan(deps, assertOwnCouple(await getAuth(req, deps), req.params.userId)),
  );
  app.put<{ Params: UserParams }>('/api/profile/:userId/time-zone', async (req) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    return setTimeZone(deps, couple, parseInput(timeZoneInputSchema, req.body).timeZone);
  });
  app.get<{ Params: UserParams }>('/api/plan/:userId/next-session.ics', async (req, reply) => {
    const couple = assertOwnCouple(await getAuth(req, deps), req.params.userId);
    const { ics, fileName } = await nextSessionCalendar(deps, couple);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(fileName))
      .type('text/calendar; charset=utf-8')
      .send(ics);
  });
  app.get<{ Params: { feed: string } }>('/api/calendar/:feed', async (req, reply) => {
    const token = req.params.feed.endsWith('.ics') ? req.params.feed.slice(0, -4) : req.params.feed;
    const ics = await calendarFeed(deps, token);
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type('text/calendar; charset=utf-8')
      .send(ics);
  });
};
