import { PHASES } from '../../../shared/constants';
import type { MessageId } from '../../../shared/i18n/locales';

/**
 * The landing page's structure; every text is a message id of src/locales/<lang>/landing.json
 * (docs/i18n.md). Names of reviewers are names, not translated.
 */

/** The landing page's sections, in page order; `label` is what the navigation shows. */
export const SECTIONS = [
  { id: 'course', label: 'landing.nav.course' },
  { id: 'curriculum', label: 'landing.nav.curriculum' },
  { id: 'testimonials', label: 'landing.nav.testimonials' },
  { id: 'pricing', label: 'landing.nav.pricing' },
  { id: 'contact', label: 'landing.nav.contact' },
] as const satisfies readonly { id: string; label: MessageId }[];
export type SectionId = (typeof SECTIONS)[number]['id'];

export const COURSE_FEATURES = [1, 2, 3, 4].map((n) => ({
  title: `landing.course.feature${n}.title` as MessageId,
  text: `landing.course.feature${n}.text` as MessageId,
}));

/** The four phases of PHASES (src/shared/constants.ts), each with five topics. */
export const CURRICULUM = PHASES.map((phase, index) => {
  const n = index + 1;
  return {
    ...phase,
    name: `landing.curriculum.phase${n}.name` as MessageId,
    summary: `landing.curriculum.phase${n}.summary` as MessageId,
    topics: [1, 2, 3, 4, 5].map((topic) => `landing.curriculum.phase${n}.topic${topic}` as MessageId),
  };
});

export const TESTIMONIALS = [
  { rating: 5, name: 'Maya & Daniel' },
  { rating: 5, name: 'Priya & Elena' },
  { rating: 4, name: 'Marcus & Aaliyah' },
  { rating: 5, name: 'Grace & Tomás' },
].map((testimonial, index) => ({
  ...testimonial,
  text: `landing.testimonials.${index + 1}.text` as MessageId,
  status: `landing.testimonials.${index + 1}.status` as MessageId,
}));

export const PRICING_POINTS = [1, 2, 3, 4, 5, 6].map((n) => `landing.pricing.point${n}` as MessageId);

export const FAQ = [1, 2, 3].map((n) => ({
  question: `landing.faq.${n}.question` as MessageId,
  answer: `landing.faq.${n}.answer` as MessageId,
}));

/** Footer links the spec lists but that have no page yet: shown, announced as unavailable, going nowhere. */
export const PLACEHOLDER_LINKS = [
  'common.footer.faq',
  'common.footer.refund',
  'common.footer.privacy',
  'common.footer.terms',
] as const satisfies readonly MessageId[];
