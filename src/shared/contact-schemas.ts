import { z } from './zod';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECTS, NAME_MAX_LENGTH } from './constants';
import { emailSchema, requiredText } from './schemas';
import { formatCount } from './format-count';

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];
const SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [ContactSubject, ...ContactSubject[]];

/**
 * A contact message (docs/product.md#entities, docs/product.md#validation-rules and
 * docs/product.md#http-api): names, email and message required, subject optional but one of the
 * four options when given (an empty string or null counts as none). The landing page's form and
 * POST /api/contact (and contact.send) validate with this one schema.
 */
export const contactMessageSchema = z.object({
  firstName: requiredText('firstName', NAME_MAX_LENGTH),
  lastName: requiredText('lastName', NAME_MAX_LENGTH),
  email: emailSchema,
  subject: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(SUBJECT_VALUES, { error: 'subject must be one of general, course, payment or technical' }).optional(),
  ),
  message: requiredText('message', CONTACT_MESSAGE_MAX_LENGTH, formatCount(CONTACT_MESSAGE_MAX_LENGTH)),
});

export type ContactMessage = z.output<typeof contactMessageSchema>;

export const CONTACT_SENT_MESSAGE = "Thank you for your message. We'll get back to you within 24 hours.";

/** The answer of POST /api/contact (and contact.send). */
export const contactSentSchema = z.object({ success: z.literal(true), message: z.string() });
export type ContactSent = z.infer<typeof contactSentSchema>;
