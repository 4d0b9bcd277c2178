import { profileInputSchema } from '../../../shared/profile-schemas';
import { coupleProcedure, router } from '../../trpc/init';
import { getProfileForDashboard, updateProfile } from './service';

export const profileRouter = router({
  get: coupleProcedure.query(({ ctx }) => getProfileForDashboard(ctx.deps, ctx.auth)),
  update: coupleProcedure
    .input(profileInputSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.auth, input)),
});
