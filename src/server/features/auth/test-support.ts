import type { AppDeps } from '../../deps/app-deps';
import { createCouple, FAST_SCRYPT, type CoupleFixture } from '../../test/harness';
import type { AccessLevel } from '../../../shared/constants';
import { issueAccessCode } from './access-codes';
import { hashSecret, normalizeAccessCode } from './passwords';

/** A couple whose email account signs in with a personal access code, issued as an order issues it. */
export async function createCoupleWithAccessCode(
  deps: AppDeps,
  options: { email?: string; accessLevel?: AccessLevel } = {},
): Promise<CoupleFixture & { accessCode: string }> {
  const couple = await createCouple(deps, options);
  const accessCode = await issueAccessCode(deps.db, deps, couple.accountId, { provesEmail: true });
  return { ...couple, accessCode };
}

/** The `sid=...` pair of a response's Set-Cookie header, to send back as a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.find((c) => c.startsWith('sid=')) : setCookie;
  if (!header) throw new Error('The response set no sid cookie');
  return header.split(';')[0]!;
}

let sequence = 0;
/** A username nobody has taken yet in this test run. */
export function uniqueUsername(prefix = 'couple'): string {
  sequence += 1;
  return `${prefix}_${Date.now().toString(36)}_${sequence}`;
}

/** Stores the couple's code as an scrypt hash, as codes were stored before decision 0092. */
export async function storeCodeAsScryptHash(
  deps: AppDeps,
  couple: { accountId: number; accessCode: string },
): Promise<void> {
  await deps.db
    .updateTable('accounts')
    .set({ access_code_hash: await hashSecret(normalizeAccessCode(couple.accessCode), FAST_SCRYPT) })
    .where('id', '=', couple.accountId)
    .execute();
}
