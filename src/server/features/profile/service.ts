import { AppError } from '../../../shared/errors';
import { needsOnboarding, type Profile } from '../../../shared/profile-schemas';
import type { AppDeps } from '../../deps/app-deps';
import type { CoupleAuth } from '../auth/access';
import { findBuyerFirstName, findProfile, saveProfile } from './repo';

type Couple = Pick<CoupleAuth, 'coupleId'>;

// The couple row goes only together with its accounts and sessions (cascade), so a missing row
// means the account was deleted while this request was running.
const NO_COUPLE = 'This couple account no longer exists.';

export async function getProfile(deps: AppDeps, couple: Couple): Promise<Profile> {
  const profile = await findProfile(deps.db, couple.coupleId);
  if (!profile) throw new AppError('NOT_FOUND', NO_COUPLE);
  return profile;
}

/**
 * The profile as the couple's own dashboard reads it (`profile.get`): while onboarding is still to
 * do, also the first name the buyer gave on the couple's order, so the welcome dialog can offer it
 * (docs/product.md#states). Only that one name, only to the couple itself; the REST profile keeps
 * its three fields.
 */
export async function getProfileForDashboard(
  deps: AppDeps,
  couple: Couple,
): Promise<Profile & { buyerFirstName?: string }> {
  const profile = await getProfile(deps, couple);
  if (!needsOnboarding(profile)) return profile;
  const buyerFirstName = await findBuyerFirstName(deps.db, couple.coupleId);
  return buyerFirstName ? { ...profile, buyerFirstName } : profile;
}

/** Replaces the profile with input already parsed by `profileInputSchema` (trimmed, checked). */
export async function updateProfile(deps: AppDeps, couple: Couple, profile: Profile): Promise<Profile> {
  const saved = await saveProfile(deps.db, couple.coupleId, profile);
  if (!saved) throw new AppError('NOT_FOUND', NO_COUPLE);
  return saved;
}
