import {
  adminCertificateListSchema,
  heartbeatSchema,
  offlineEntryIdSchema,
  providerSettingsSchema,
  reportOfflineTimeSchema,
  requestCertificateSchema,
  revokeCertificateSchema,
  saveSignatureSchema,
  setLegalNameSchema,
  verifyCodeInputSchema,
} from '../../../shared/certificate-schemas';
import { adminProcedure, coupleProcedure, publicProcedure, router } from '../../trpc/init';
import {
  deleteOfflineTime,
  getCertificateStatus,
  getHours,
  getProviderSettings,
  listIssuedCertificates,
  recordHeartbeat,
  removeSignature,
  reportOfflineTime,
  requestCertificate,
  revokeIssuedCertificate,
  saveProviderSettings,
  saveSignature,
  setLegalName,
  verifyCertificate,
} from './service';

/** Course hours and certificates, the couple's side and the public check (docs/certificates.md). */
export const certificatesRouter = router({
  hours: coupleProcedure.query(({ ctx }) => getHours(ctx.deps, ctx.auth.coupleId)),
  heartbeat: coupleProcedure
    .input(heartbeatSchema)
    .mutation(({ ctx, input }) => recordHeartbeat(ctx.deps, ctx.auth, input, Date.now())),
  reportOfflineTime: coupleProcedure
    .input(reportOfflineTimeSchema)
    .mutation(({ ctx, input }) => reportOfflineTime(ctx.deps, ctx.auth, input, Date.now())),
  deleteOfflineTime: coupleProcedure
    .input(offlineEntryIdSchema)
    .mutation(({ ctx, input }) => deleteOfflineTime(ctx.deps, ctx.auth, input.id)),
  status: coupleProcedure.query(({ ctx }) => getCertificateStatus(ctx.deps, ctx.auth)),
  setLegalName: coupleProcedure
    .input(setLegalNameSchema)
    .mutation(({ ctx, input }) => setLegalName(ctx.deps, ctx.auth, input, Date.now())),
  request: coupleProcedure
    .input(requestCertificateSchema)
    .mutation(({ ctx, input }) => requestCertificate(ctx.deps, ctx.auth, input, Date.now())),
  verify: publicProcedure
    .input(verifyCodeInputSchema)
    .query(({ ctx, input }) => verifyCertificate(ctx.deps, input.code)),
});

/** The seller's provider settings and the issued certificates (back office). */
export const adminCertificatesRouter = router({
  provider: adminProcedure.query(({ ctx }) => getProviderSettings(ctx.deps)),
  saveProvider: adminProcedure
    .input(providerSettingsSchema)
    .mutation(({ ctx, input }) => saveProviderSettings(ctx.deps, ctx.auth, input, ctx.req.ip)),
  saveSignature: adminProcedure
    .input(saveSignatureSchema)
    .mutation(({ ctx, input }) => saveSignature(ctx.deps, ctx.auth, Buffer.from(input.image, 'base64'), ctx.req.ip)),
  removeSignature: adminProcedure.mutation(({ ctx }) => removeSignature(ctx.deps, ctx.auth, ctx.req.ip)),
  list: adminProcedure
    .input(adminCertificateListSchema)
    .query(({ ctx, input }) => listIssuedCertificates(ctx.deps, input)),
  revoke: adminProcedure
    .input(revokeCertificateSchema)
    .mutation(({ ctx, input }) => revokeIssuedCertificate(ctx.deps, ctx.auth, input, ctx.req.ip)),
});
