import { z } from 'zod';
import { partnerSchema, userIdSchema, weekNumberSchema } from '../../shared/schemas';
import { workbookResponseSchema } from '../../shared/workbook-schemas';
import { bundledContentLibrary } from '../features/workbook/content-library';
import { generateSummary, getResponse, getSummary, saveResponse } from '../features/workbook/service';
import { WORKBOOK_BODY_LIMIT } from './body-limits';
import { ownCouple } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

const weekParams = z.object({ userId: userIdSchema, weekNumber: weekNumberSchema });
const partnerParams = weekParams.extend({ partner: partnerSchema });

/** docs/product.md#http-api, the workbook rows. Ownership first (401/403), then the path (400). */
export const workbookRoutes: RestRoutes = (app, deps) => {
  // Load and validate the bundled week content now, so a broken content file stops the start-up
  // with a message naming the file instead of failing a couple's request later.
  bundledContentLibrary();

  app.get('/api/workbook-responses/:userId/:weekNumber/:partner', async (req) => {
    const couple = await ownCouple(req, deps);
    const { weekNumber, partner } = parseInput(partnerParams, req.params);
    return getResponse(deps, couple, weekNumber, partner);
  });

  app.post('/api/workbook-responses/:userId/:weekNumber/:partner', { bodyLimit: WORKBOOK_BODY_LIMIT }, async (req) => {
    const couple = await ownCouple(req, deps);
    const { weekNumber, partner } = parseInput(partnerParams, req.params);
    const response = parseInput(workbookResponseSchema, req.body);
    return saveResponse(deps, couple, weekNumber, partner, response);
  });

  app.get('/api/week-summary/:userId/:weekNumber', async (req) => {
    const couple = await ownCouple(req, deps);
    const { weekNumber } = parseInput(weekParams, req.params);
    return getSummary(deps, couple, weekNumber);
  });

  app.post('/api/generate-summary/:userId/:weekNumber', async (req) => {
    const couple = await ownCouple(req, deps);
    const { weekNumber } = parseInput(weekParams, req.params);
    return generateSummary(deps, couple, weekNumber);
  });
};
