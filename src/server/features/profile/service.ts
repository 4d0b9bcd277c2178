import { AppError } from '../../../shared/errors';
import type { Profile } from '../../../shared/profile-schemas';
import type { AppDeps } from '../../deps';
import type { CoupleAuth } from '../auth/access';
import { findProfile, saveProfile } from './repo';

type Couple = Pick<CoupleAuth, 'coupleId'>;

// The couple row goes only together with its accounts and sessions (cascade), so a missing row
// means the account was deleted while this request was running.
const NO_COUPLE = 'This couple account no longer exists.';

export async function getProfile(deps: AppDeps, couple: Couple): Promise<Profile> {
  const profile = await findProfile(deps.db, couple.coupleId);
  if (!profile) throw new AppError('NOT_FOUND', NO_COUPLE);
  return profile;
}

/** Replaces the profile with input already parsed by `profileInputSchema` (trimmed, checked). */
export async function updateProfile(deps: AppDeps, couple: Couple, profile: Profile): Promise<Profile> {
  const saved = await saveProfile(deps.db, couple.coupleId, profile);
  if (!saved) throw new AppError('NOT_FOUND', NO_COUPLE);
  return saved;
}
