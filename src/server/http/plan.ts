import { pauseInputSchema, planChoiceSchema, timeZoneInputSchema } from '../../shared/plan-schemas';
import { calendarFeed, nextSessionCalendar } from '../features/plan/calendar';
import { acceptPlan, getPlanOverview, pausePlan, resumePlan, setTimeZone } from '../features/plan/service';
import { attachment } from './content-disposition';
import { ownCouple } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

/**
 * The plan paced to the wedding over REST (docs/product.md#paced-plan): the same services as the
 * `plan` procedures, for outside clients, and the private calendar feed, which calendar apps fetch
 * without a session (the unguessable token is the key; unknown or revoked: 404).
 */
export const planRoutes: RestRoutes = (app, deps) => {
  app.get('/api/plan/:userId', async (req) => getPlanOverview(deps, await ownCouple(req, deps)));
  app.post('/api/plan/:userId/accept', async (req) =>
    acceptPlan(deps, await ownCouple(req, deps), parseInput(planChoiceSchema, req.body ?? {})),
  );
  app.post('/api/plan/:userId/pause', async (req) =>
    pausePlan(deps, await ownCouple(req, deps), parseInput(pauseInputSchema, req.body).until),
  );
  app.post('/api/plan/:userId/resume', async (req) => resumePlan(deps, await ownCouple(req, deps)));
  app.put('/api/profile/:userId/time-zone', async (req) =>
    setTimeZone(deps, await ownCouple(req, deps), parseInput(timeZoneInputSchema, req.body).timeZone),
  );
  app.get('/api/plan/:userId/next-session.ics', async (req, reply) => {
    const { ics, fileName } = await nextSessionCalendar(deps, await ownCouple(req, deps));
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
