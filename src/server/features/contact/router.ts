import {
  contactInboxQuerySchema,
  contactMessageIdSchema,
  contactSetHandledSchema,
} from '../../../shared/contact-inbox-schemas';
import { contactMessageSchema } from '../../../shared/contact-schemas';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import {
  countUnreadContactMessages,
  listContactInbox,
  openContactMessage,
  sendContactMessage,
  setContactMessageHandledByAdmin,
} from './service';

export const contactRouter = router({
  send: publicProcedure
    .input(contactMessageSchema)
    .mutation(({ ctx, input }) => sendContactMessage(ctx.deps, input, ctx.req.ip ?? 'unknown')),
  // The seller's inbox (docs/product.md#admin-screen).
  list: adminProcedure.input(contactInboxQuerySchema).query(({ ctx, input }) => listContactInbox(ctx.deps.db, input)),
  countUnread: adminProcedure.query(({ ctx }) => countUnreadContactMessages(ctx.deps.db)),
  open: adminProcedure
    .input(contactMessageIdSchema)
    .mutation(({ ctx, input }) => openContactMessage(ctx.deps.db, input.id)),
  setHandled: adminProcedure
    .input(contactSetHandledSchema)
    .mutation(({ ctx, input }) => setContactMessageHandledByAdmin(ctx.deps.db, ctx.auth, input, ctx.req.ip)),
});
