import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { adminSecondFactorSchema } from '../../shared/admin-security-schemas';
import { customerSignInSchema, passwordSignInSchema, registerSchema } from '../../shared/auth-schemas';
import type { AppDeps } from '../deps/app-deps';
import {
  asAuthCall,
  describeAuth,
  describeSession,
  register,
  signInAdmin,
  signInAdminSecondFactor,
  signInCouple,
  signInCustomer,
  signOut,
  type NewSession,
  type SignInRequest,
} from '../features/auth/service';
import type { DeviceCookie } from '../features/auth/device-tokens';
import { sessionToken, setSignInCookies, setSignOutCookies, signInRequest } from '../features/auth/session-cookie';
import { AUTH_ROUTE } from './error-handler';
import { getAuth } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

type SignInService<S extends z.ZodType, Body> = (
  deps: AppDeps,
  input: z.output<S>,
  request: SignInRequest,
) => Promise<{ session: NewSession | null; body: Body; device?: DeviceCookie | null }>;

/**
 * A REST sign-in route: parse the body (a 400 also carries `success: false`), call the service,
 * set the session cookie and answer with the service's body.
 */
function signInRoute<S extends z.ZodType, Body>(
  deps: AppDeps,
  schema: S,
  service: SignInService<S, Body>,
  status = 200,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const input = await asAuthCall(async () => parseInput(schema, req.body));
    const signedIn = await service(deps, input, signInRequest(req));
    setSignInCookies(reply, deps.config, signedIn);
    return reply.code(status).send(contractBody(signedIn.body));
  };
}

/**
 * The REST answers keep the contract's exact shape (docs/product.md#http-api): `firstSignIn`, which
 * tells the web app to say "Welcome!" rather than "Welcome back!", is for the tRPC procedures only.
 */
function contractBody<Body>(body: Body): Body {
  if (!body || typeof body !== 'object' || !('firstSignIn' in body)) return body;
  const { firstSignIn: _firstSignIn, ...rest } = body as Body & { firstSignIn?: unknown };
  return rest as Body;
}

/**
 * The auth rows of docs/product.md#http-api; the tRPC procedures in features/auth/router.ts share
 * the service. AUTH_ROUTE: errors raised before the handler (a body that is not JSON, too large)
 * carry `success: false` too. /api/session is not an auth endpoint of the contract (its 401 is
 * `{message}`).
 */
export const authRoutes: RestRoutes = (app, deps) => {
  app.get('/api/auth/check', AUTH_ROUTE, async (req) => describeAuth(await getAuth(req, deps)));
  app.get('/api/session', async (req) => describeSession(await getAuth(req, deps)));
  app.post('/api/auth/register', AUTH_ROUTE, signInRoute(deps, registerSchema, register, 201));
  app.post('/api/auth/user-login', AUTH_ROUTE, signInRoute(deps, passwordSignInSchema, signInCouple));
  app.post('/api/auth/login', AUTH_ROUTE, signInRoute(deps, passwordSignInSchema, signInAdmin));
  app.post(
    '/api/auth/login/second-factor',
    AUTH_ROUTE,
    signInRoute(deps, adminSecondFactorSchema, signInAdminSecondFactor),
  );
  app.post('/api/customer-auth/login', AUTH_ROUTE, signInRoute(deps, customerSignInSchema, signInCustomer));
  app.post('/api/auth/logout', AUTH_ROUTE, async (req, reply) => {
    const result = await signOut(deps, sessionToken(req));
    setSignOutCookies(req, reply, deps.config);
    return result;
  });
};
