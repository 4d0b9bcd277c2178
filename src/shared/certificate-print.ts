/**
 * The label printed before the verification code at the foot of a certificate
 * (src/server/features/printables/certificate-pdf.ts), in English as the certificate is (decision
 * 0249): /verify's hint names it as printed, marked `lang="en"` on a Spanish page.
 */
export const PRINTED_CODE_LABEL = 'Verification code:';
