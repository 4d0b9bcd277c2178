import {
  acceptInviteSchema,
  createInviteSchema,
  inviteCodeInputSchema,
  inviteIdSchema,
  privateAnswersSchema,
  shareWeekSchema,
  signInIdSchema,
} from '../../../shared/partner-schemas';
import { coupleProcedure, publicProcedure, router } from '../../trpc/init';
import { setSessionCookie, signInRequest } from '../auth/session-cookie';
import {
  acceptInvite,
  createInvite,
  dismissShareNotice,
  getPartnerSettings,
  getWeekShare,
  listShareNotices,
  previewInvite,
  removeSignIn,
  revokeInvite,
  setPrivateAnswers,
  shareWeek,
} from './service';

/** Partner sign-ins, invites and sharing (docs/product.md#partner-sign-ins). */
export const partnersRouter = router({
  settings: coupleProcedure.query(({ ctx }) => getPartnerSettings(ctx.deps, ctx.auth)),
  createInvite: coupleProcedure
    .input(createInviteSchema)
    .mutation(({ ctx, input }) => createInvite(ctx.deps, ctx.auth, input)),
  revokeInvite: coupleProcedure
    .input(inviteIdSchema)
    .mutation(({ ctx, input }) => revokeInvite(ctx.deps, ctx.auth, input.inviteId)),
  removeSignIn: coupleProcedure
    .input(signInIdSchema)
    .mutation(({ ctx, input }) => removeSignIn(ctx.deps, ctx.auth, input.accountId)),
  setPrivateAnswers: coupleProcedure
    .input(privateAnswersSchema)
    .mutation(({ ctx, input }) => setPrivateAnswers(ctx.deps, ctx.auth, input.on)),
  invite: publicProcedure.input(inviteCodeInputSchema).query(({ ctx, input }) => previewInvite(ctx.deps, input.code)),
  acceptInvite: publicProcedure.input(acceptInviteSchema).mutation(async ({ ctx, input }) => {
    const accepted = await acceptInvite(ctx.deps, input, signInRequest(ctx.req));
    setSessionCookie(ctx.reply, ctx.deps.config, accepted.session);
    return accepted.body;
  }),
  weekShare: coupleProcedure
    .input(shareWeekSchema)
    .query(({ ctx, input }) => getWeekShare(ctx.deps, ctx.auth, input.weekNumber)),
  shareWeek: coupleProcedure
    .input(shareWeekSchema)
    .mutation(({ ctx, input }) => shareWeek(ctx.deps, ctx.auth, input.weekNumber)),
  notices: coupleProcedure.query(({ ctx }) => listShareNotices(ctx.deps, ctx.auth)),
  dismissNotice: coupleProcedure
    .input(shareWeekSchema)
    .mutation(({ ctx, input }) => dismissShareNotice(ctx.deps, ctx.auth, input.weekNumber)),
});
