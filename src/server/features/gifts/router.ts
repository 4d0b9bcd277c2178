import {
  adminGiftsListSchema,
  changeGiftEmailSchema,
  giftIdSchema,
  giftTokenSchema,
  recordGiftSchema,
  redeemCodeSchema,
} from '../../../shared/gifts-schemas';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { requestLocale } from '../i18n/locale';
import {
  changeGiftEmail,
  giftReceipt,
  listGiftsForAdmin,
  previewGift,
  recordGiftAsAdmin,
  redeemGift,
  resendGift,
} from './service';

/** Gifts (decision 0242): the couple's redeem page and the buyer's receipt; checkout is payments.startGiftCheckout. */
export const giftsRouter = router({
  preview: publicProcedure
    .input(redeemCodeSchema)
    .query(({ ctx, input }) => previewGift(ctx.deps, input.code, ctx.req.ip ?? 'unknown')),
  redeem: publicProcedure
    .input(redeemCodeSchema)
    .mutation(({ ctx, input }) =>
      redeemGift(ctx.deps, ctx.auth, input.code, ctx.req.ip ?? 'unknown', requestLocale(ctx.req)),
    ),
  receipt: publicProcedure.input(giftTokenSchema).query(({ ctx, input }) => giftReceipt(ctx.deps, input.token)),
});

/** The back office's gifts: sent, scheduled, redeemed; record one paid by hand, resend, or a new email for the couple. */
export const adminGiftsRouter = router({
  list: adminProcedure.input(adminGiftsListSchema).query(({ ctx, input }) => listGiftsForAdmin(ctx.deps, input)),
  record: adminProcedure
    .input(recordGiftSchema)
    .mutation(({ ctx, input }) => recordGiftAsAdmin(ctx.deps, ctx.auth, input, ctx.req.ip)),
  resend: adminProcedure
    .input(giftIdSchema)
    .mutation(({ ctx, input }) => resendGift(ctx.deps, ctx.auth, input.id, ctx.req.ip)),
  changeEmail: adminProcedure
    .input(changeGiftEmailSchema)
    .mutation(({ ctx, input }) => changeGiftEmail(ctx.deps, ctx.auth, input.id, input.email, ctx.req.ip)),
});
