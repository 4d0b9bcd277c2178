import { profileInputSchema } from '../../../shared/profile-schemas';
import { localeInputSchema } from '../../../shared/locale-schemas';
import { coupleProcedure, router, signedInProcedure } from '../../trpc/init';
import { setAccountLocale } from '../i18n/locale';
import { getProfileForDashboard, updateProfile } from './service';

export const profileRouter = router({
  get: coupleProcedure.query(({ ctx }) => getProfileForDashboard(ctx.deps, ctx.auth)),
  update: coupleProcedure
    .input(profileInputSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.auth, input)),
  /** The signed-in person's language (couple partner or admin), kept on their own account. */
  setLocale: signedInProcedure
    .input(localeInputSchema)
    .mutation(({ ctx, input }) => setAccountLocale(ctx.deps.db, ctx.auth, input.locale)),
});
