import {
  outboxListInputSchema,
  remindersInputSchema,
  replyToMessageInputSchema,
  requestCodeSchema,
  retryEmailInputSchema,
} from '../../../shared/mail-schemas';
import { adminProcedure, coupleProcedure, publicProcedure, router } from '../../trpc/init';
import { getReminderSetting, listOutboxPage, requestAccessCode, retryEmail, setReminderSetting } from './service';
import { replyToContactMessage } from '../contact/service';

export const mailRouter = router({
  /** "Email me my code" (twin of POST /api/customer-auth/request-code). */
  requestCode: publicProcedure
    .input(requestCodeSchema)
    .mutation(({ ctx, input }) => requestAccessCode(ctx.deps, input, ctx.req.ip ?? 'unknown')),
  reminders: coupleProcedure.query(({ ctx }) => getReminderSetting(ctx.deps, ctx.auth)),
  setReminders: coupleProcedure
    .input(remindersInputSchema)
    .mutation(({ ctx, input }) => setReminderSetting(ctx.deps, ctx.auth, input.weeklyReminders)),
  outbox: adminProcedure.input(outboxListInputSchema).query(({ ctx, input }) => listOutboxPage(ctx.deps, input)),
  retry: adminProcedure.input(retryEmailInputSchema).mutation(({ ctx, input }) => retryEmail(ctx.deps, input.id)),
  replyToMessage: adminProcedure
    .input(replyToMessageInputSchema)
    .mutation(({ ctx, input }) =>
      replyToContactMessage(ctx.deps, { admin: ctx.auth, address: ctx.req.ip }, input.messageId, input.body),
    ),
});
