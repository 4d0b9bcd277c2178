import { contactMessageSchema } from '../../shared/contact-schemas';
import { sendContactMessage } from '../features/contact/service';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

export const contactRoutes: RestRoutes = (app, deps) => {
  app.post('/api/contact', async (req, reply) => {
    const message = parseInput(contactMessageSchema, req.body);
    return reply.code(201).send(await sendContactMessage(deps, message, req.ip));
  });
};
