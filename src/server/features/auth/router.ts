import { adminSecondFactorSchema } from '../../../shared/admin-security-schemas';
import { customerSignInSchema, passwordSignInSchema, registerSchema } from '../../../shared/auth-schemas';
import { publicProcedure, router } from '../../trpc/init';
import {
  describeAuth,
  describeSession,
  register,
  signInAdmin,
  signInAdminSecondFactor,
  signInCouple,
  signInCustomer,
  signOut,
  type NewSession,
} from './service';
import type { DeviceCookie } from './device-tokens';
import { sessionToken, setSignInCookies, setSignOutCookies, signInRequest } from './session-cookie';
import type { Context } from '../../trpc/init';

/** Sets the cookie of a successful sign-in (none while a second factor is awaited or a code was mailed) and answers with its body. */
function answer<Body>(
  ctx: Context,
  signedIn: { session: NewSession | null; body: Body; device?: DeviceCookie | null },
): Body {
  setSignInCookies(ctx.reply, ctx.deps.config, signedIn);
  return signedIn.body;
}

export const authRouter = router({
  check: publicProcedure.query(({ ctx }) => describeAuth(ctx.auth)),
  session: publicProcedure.query(({ ctx }) => describeSession(ctx.auth)),
  register: publicProcedure
    .input(registerSchema)
    .mutation(async ({ ctx, input }) => answer(ctx, await register(ctx.deps, input, signInRequest(ctx.req)))),
  userLogin: publicProcedure
    .input(passwordSignInSchema)
    .mutation(async ({ ctx, input }) => answer(ctx, await signInCouple(ctx.deps, input, signInRequest(ctx.req)))),
  adminLogin: publicProcedure
    .input(passwordSignInSchema)
    .mutation(async ({ ctx, input }) => answer(ctx, await signInAdmin(ctx.deps, input, signInRequest(ctx.req)))),
  adminSecondFactor: publicProcedure
    .input(adminSecondFactorSchema)
    .mutation(async ({ ctx, input }) =>
      answer(ctx, await signInAdminSecondFactor(ctx.deps, input, signInRequest(ctx.req))),
    ),
  customerLogin: publicProcedure
    .input(customerSignInSchema)
    .mutation(async ({ ctx, input }) => answer(ctx, await signInCustomer(ctx.deps, input, signInRequest(ctx.req)))),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const result = await signOut(ctx.deps, sessionToken(ctx.req));
    setSignOutCookies(ctx.req, ctx.reply, ctx.deps.config);
    return result;
  }),
});
