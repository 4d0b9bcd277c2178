import {
  acceptFacilitatorInviteSchema,
  buySeatsSchema,
  ownPackSchema,
  cohortIdSchema,
  createCohortSchema,
  facilitatorCodeSchema,
  facilitatorIdSchema,
  facilitatorInviteTokenSchema,
  facilitatorSignInSchema,
  grantPackSchema,
  inviteFacilitatorSchema,
  mentorWeekSchema,
  messageCohortSchema,
  refundPackSchema,
  removeCoupleSchema,
  setPackExpirySchema,
  sharedWeekSchema,
  totpCodeSchema,
} from '../../../shared/facilitator-schemas';
import { adminProcedure, coupleProcedure, publicProcedure, router } from '../../trpc/init';
import { localeOfAccount } from '../i18n/locale';
import { refundSeatPackThroughProvider, startSeatPackCheckout } from '../payments/service';
import { clearFacilitatorCookie, facilitatorToken, setFacilitatorCookie } from './cookie';
import {
  acceptFacilitatorInvite,
  assertFacilitator,
  confirmFacilitatorTotp,
  createCohort,
  disableFacilitatorTotp,
  getCohortTable,
  getFacilitatorMe,
  getMentor,
  getSharedWeek,
  grantPack,
  inviteFacilitator,
  linkWithCode,
  listFacilitatorsForAdmin,
  listOwnCohorts,
  getOwnPack,
  listOwnPacks,
  listPacksForAdmin,
  messageCohort,
  previewFacilitatorInvite,
  previewMentorCode,
  newJoinCode,
  newSeatCode,
  removeCoupleFromCohort,
  resolveFacilitator,
  revenueOverview,
  revokeFacilitatorAsAdmin,
  setPackExpiryAsAdmin,
  shareWeekWithMentor,
  signInFacilitator,
  signOutFacilitator,
  startFacilitatorTotp,
  unlinkMentor,
  unshareWeekWithMentor,
} from './service';

/**
 * A facilitator's procedure: the `fsid` session must name a facilitator who is not revoked (401
 * otherwise), looked up on every call, so a revocation or a signed-out session ends access at once.
 */
const facilitatorProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const facilitator = assertFacilitator(await resolveFacilitator(ctx.deps, facilitatorToken(ctx.req)));
  return next({ ctx: { facilitator } });
});

/** The facilitator's own area (/facilitator): sign-in, cohorts, packs, shared weeks. */
export const facilitatorRouter = router({
  previewInvite: publicProcedure
    .input(facilitatorInviteTokenSchema)
    .query(({ ctx, input }) => previewFacilitatorInvite(ctx.deps, input.token)),
  acceptInvite: publicProcedure.input(acceptFacilitatorInviteSchema).mutation(async ({ ctx, input }) => {
    const { session } = await acceptFacilitatorInvite(ctx.deps, input);
    setFacilitatorCookie(ctx.reply, ctx.deps.config, session);
    return { success: true as const };
  }),
  signIn: publicProcedure.input(facilitatorSignInSchema).mutation(async ({ ctx, input }) => {
    const result = await signInFacilitator(ctx.deps, input, ctx.req.ip ?? 'unknown');
    if ('secondFactorRequired' in result) return { success: false as const, secondFactorRequired: true as const };
    setFacilitatorCookie(ctx.reply, ctx.deps.config, result.session);
    return { success: true as const, secondFactorRequired: false as const };
  }),
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const result = await signOutFacilitator(ctx.deps, facilitatorToken(ctx.req));
    clearFacilitatorCookie(ctx.reply, ctx.deps.config);
    return result;
  }),
  me: facilitatorProcedure.query(({ ctx }) => getFacilitatorMe(ctx.deps, ctx.facilitator)),
  startTwoFactor: facilitatorProcedure.mutation(({ ctx }) => startFacilitatorTotp(ctx.deps, ctx.facilitator)),
  confirmTwoFactor: facilitatorProcedure
    .input(totpCodeSchema)
    .mutation(({ ctx, input }) => confirmFacilitatorTotp(ctx.deps, ctx.facilitator, input.code)),
  disableTwoFactor: facilitatorProcedure
    .input(totpCodeSchema)
    .mutation(({ ctx, input }) => disableFacilitatorTotp(ctx.deps, ctx.facilitator, input.code)),
  cohorts: facilitatorProcedure.query(({ ctx }) => listOwnCohorts(ctx.deps, ctx.facilitator)),
  createCohort: facilitatorProcedure
    .input(createCohortSchema)
    .mutation(({ ctx, input }) => createCohort(ctx.deps, ctx.facilitator, input.name, ctx.req.ip ?? null)),
  cohort: facilitatorProcedure
    .input(cohortIdSchema)
    .query(({ ctx, input }) => getCohortTable(ctx.deps, ctx.facilitator, input.cohortId)),
  sharedWeek: facilitatorProcedure.input(sharedWeekSchema).query(async ({ ctx, input }) => {
    const me = await getFacilitatorMe(ctx.deps, ctx.facilitator);
    return getSharedWeek(ctx.deps, ctx.facilitator, input.coupleId, input.weekNumber, me.locale);
  }),
  messageCohort: facilitatorProcedure
    .input(messageCohortSchema)
    .mutation(({ ctx, input }) => messageCohort(ctx.deps, ctx.facilitator, input, ctx.req.ip ?? null)),
  removeCouple: facilitatorProcedure
    .input(removeCoupleSchema)
    .mutation(({ ctx, input }) => removeCoupleFromCohort(ctx.deps, ctx.facilitator, input, ctx.req.ip ?? null)),
  newJoinCode: facilitatorProcedure
    .input(cohortIdSchema)
    .mutation(({ ctx, input }) => newJoinCode(ctx.deps, ctx.facilitator, input.cohortId, ctx.req.ip ?? null)),
  newSeatCode: facilitatorProcedure
    .input(ownPackSchema)
    .mutation(({ ctx, input }) => newSeatCode(ctx.deps, ctx.facilitator, input.packId, ctx.req.ip ?? null)),
  packs: facilitatorProcedure.query(({ ctx }) => listOwnPacks(ctx.deps, ctx.facilitator)),
  pack: facilitatorProcedure
    .input(ownPackSchema)
    .query(({ ctx, input }) => getOwnPack(ctx.deps, ctx.facilitator, input.packId)),
  buySeats: facilitatorProcedure
    .input(buySeatsSchema)
    .mutation(({ ctx, input }) => startSeatPackCheckout(ctx.deps, ctx.facilitator, input)),
});

/** The couple's side (docs/facilitators.md#for-couples): consent, unlink, "share with our mentor". */
export const mentorRouter = router({
  get: coupleProcedure.query(({ ctx }) => getMentor(ctx.deps, ctx.auth)),
  preview: coupleProcedure
    .input(facilitatorCodeSchema)
    .query(({ ctx, input }) => previewMentorCode(ctx.deps, ctx.auth, input.code, ctx.req.ip ?? 'unknown')),
  link: coupleProcedure
    .input(facilitatorCodeSchema)
    .mutation(({ ctx, input }) => linkWithCode(ctx.deps, ctx.auth, input.code, ctx.req.ip ?? 'unknown')),
  unlink: coupleProcedure.mutation(({ ctx }) => unlinkMentor(ctx.deps, ctx.auth)),
  shareWeek: coupleProcedure
    .input(mentorWeekSchema)
    .mutation(({ ctx, input }) => shareWeekWithMentor(ctx.deps, ctx.auth, input.weekNumber)),
  unshareWeek: coupleProcedure
    .input(mentorWeekSchema)
    .mutation(({ ctx, input }) => unshareWeekWithMentor(ctx.deps, ctx.auth, input.weekNumber)),
});

/** The seller's back office: facilitators, organisations, packs, seats used, revenue by channel. */
export const adminFacilitatorsRouter = router({
  list: adminProcedure.query(({ ctx }) => listFacilitatorsForAdmin(ctx.deps)),
  invite: adminProcedure
    .input(inviteFacilitatorSchema)
    .mutation(async ({ ctx, input }) =>
      inviteFacilitator(ctx.deps, ctx.auth, input, await localeOfAccount(ctx.deps.db, ctx.auth.accountId), ctx.req.ip),
    ),
  revoke: adminProcedure
    .input(facilitatorIdSchema)
    .mutation(({ ctx, input }) => revokeFacilitatorAsAdmin(ctx.deps, ctx.auth, input.facilitatorId, ctx.req.ip)),
  packs: adminProcedure.query(({ ctx }) => listPacksForAdmin(ctx.deps)),
  grantPack: adminProcedure
    .input(grantPackSchema)
    .mutation(({ ctx, input }) => grantPack(ctx.deps, ctx.auth, input, ctx.req.ip)),
  setPackExpiry: adminProcedure
    .input(setPackExpirySchema)
    .mutation(({ ctx, input }) => setPackExpiryAsAdmin(ctx.deps, ctx.auth, input, ctx.req.ip)),
  refundPack: adminProcedure
    .input(refundPackSchema)
    .mutation(({ ctx, input }) => refundSeatPackThroughProvider(ctx.deps, ctx.auth, input, ctx.req.ip)),
  revenue: adminProcedure.query(({ ctx }) => revenueOverview(ctx.deps)),
});
