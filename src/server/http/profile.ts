import { localeInputSchema } from '../../shared/locale-schemas';
import { profileInputSchema } from '../../shared/profile-schemas';
import { setAccountLocale } from '../features/i18n/locale';
import { getProfile, updateProfile } from '../features/profile/service';
import { setLocaleCookie } from '../features/auth/session-cookie';
import { getAuth, ownCouple } from './request-auth';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

export const profileRoutes: RestRoutes = (app, deps) => {
  app.get('/api/profile/:userId', async (req) => getProfile(deps, await ownCouple(req, deps)));

  app.put('/api/profile/:userId', async (req) =>
    updateProfile(deps, await ownCouple(req, deps), parseInput(profileInputSchema, req.body)),
  );

  /**
   * The language choice (decision 0231): remembered in a cookie for everyone, and on the signed-in
   * person's own account. Anything but 'en' or 'es' is a 400 and changes nothing.
   */
  app.put('/api/locale', async (req, reply) => {
    const { locale } = parseInput(localeInputSchema, req.body);
    const auth = await getAuth(req, deps);
    if (auth.kind !== 'anonymous') await setAccountLocale(deps.db, auth, locale);
    setLocaleCookie(reply, deps.config, locale);
    return { locale };
  });
};
