import { contactMessageSchema } from '../../../shared/contact-schemas';
import { publicProcedure, router } from '../../trpc/init';
import { sendContactMessage } from './service';

export const contactRouter = router({
  send: publicProcedure
    .input(contactMessageSchema)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.deps, input, ctx.req.ip ?? 'unknown')),
});
