import { PHASES } from '../../../shared/constants';

/** The landing page's sections, in page order; `label` is what the navigation shows. */
export const SECTIONS = [
  { id: 'course', label: 'Course' },
  { id: 'curriculum', label: 'Curriculum' },
  { id: 'testimonials', label: 'Reviews' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

export const COURSE_FEATURES = [
  {
    title: 'One framework a week',
    text: 'Each week opens a short PDF guide with a clear theme, a few questions and one shared activity. Read it on a screen or print it for the kitchen table.',
  },
  {
    title: 'A workbook for each of you',
    text: 'You each answer the reflection questions on your own first, then sit down together. Hearing your partner’s answer before you have shaped your own is the quickest way to miss it.',
  },
  {
    title: 'Thirty to sixty minutes',
    text: 'Most couples spend a relaxed evening or a Sunday walk on each week. Go at your own pace: weeks stay open once you have finished them.',
  },
  {
    title: 'Progress you can see',
    text: 'Mark weeks complete, rate them, and watch your year fill in on a 52-week journey map, with milestones at 1, 13, 26 and 52 weeks.',
  },
] as const;

export const AUDIENCE =
  'Made for engaged and newly married couples of every shape: first marriages and second chances, same-sex and opposite-sex couples, interfaith and intercultural families, couples raising children together and couples living apart for now. No counsellor, no group sessions, no judgement: just the two of you and one honest conversation a week.';

/** Five topics per phase of PHASES (src/shared/constants.ts), with a line on what the phase is for. */
const PHASE_DETAILS: Record<(typeof PHASES)[number]['name'], { summary: string; topics: readonly string[] }> = {
  'Communication Foundation': {
    summary: 'Learn to listen, speak and disagree in ways that bring you closer.',
    topics: [
      'Listening to understand, not to reply',
      'Saying what you need with “I” statements',
      'A ten-minute daily check-in',
      'Disagreeing fairly, and pausing when it gets hot',
      'Repairing after an argument',
    ],
  },
  'Trust & Intimacy': {
    summary: 'Build the safety that lets you be fully known by each other.',
    topics: [
      'Keeping small promises',
      'Sharing fears, hopes and old hurts',
      'How each of you gives and receives love',
      'Talking openly about affection and desire',
      'Boundaries with family, friends and phones',
    ],
  },
  'Future Planning': {
    summary: 'Turn “someday” into plans you both believe in.',
    topics: [
      'Money stories, values and a shared budget',
      'Careers, homes and where you want to live',
      'Children, family size, or choosing not to',
      'Faith, culture and the traditions you will keep',
      'Sharing the housework fairly',
    ],
  },
  'Lasting Love': {
    summary: 'Keep choosing each other long after the wedding photos arrive.',
    topics: [
      'Rituals of connection for busy seasons',
      'Weathering stress, loss and change together',
      'Keeping curiosity, play and romance alive',
      'Growing as individuals without growing apart',
      'Writing your shared vision and vows',
    ],
  },
};

export const CURRICULUM = PHASES.map((phase) => ({ ...phase, ...PHASE_DETAILS[phase.name] }));

export const TESTIMONIALS = [
  {
    rating: 5,
    text: 'We thought we knew each other after six years together. The week on repairing after an argument changed how we end our bad days. We still use the “pause and come back” card on the fridge.',
    name: 'Maya & Daniel',
    status: 'Married last spring',
  },
  {
    rating: 5,
    text: 'As two brides from very different families, we loved that nothing assumed who does what. The money week was the most honest conversation we have ever had, and it was kind.',
    name: 'Priya & Elena',
    status: 'Engaged, wedding in October',
  },
  {
    rating: 4,
    text: 'Deployments mean we are apart for months at a time. Doing the workbook separately and then talking it through on video calls kept us close when the miles did not.',
    name: 'Marcus & Aaliyah',
    status: 'Newlyweds, long distance for now',
  },
  {
    rating: 5,
    text: 'Second marriage for both of us, with three kids between us. The family boundaries and future planning weeks helped us build something new instead of repeating the old.',
    name: 'Grace & Tomás',
    status: 'Married 8 months',
  },
] as const;

export const PRICING_POINTS = [
  'All 52 weekly frameworks, digital and printable',
  'An interactive workbook for both partners',
  'Progress tracking, ratings and milestones',
  '30-day money-back guarantee, no questions asked',
  'Secure checkout powered by our card payment provider',
  'Friendly support, answered within 24 hours',
] as const;

export const FAQ = [
  {
    question: 'How long does the course take?',
    answer:
      '52 weeks: one lesson a week, for a year of steady growth. Go at your own pace: pause during a busy month, or take two weeks at once when you are on a roll.',
  },
  {
    question: 'Is it suitable for engaged couples?',
    answer:
      'Yes. It was written with engaged couples in mind, and it works just as well in the first years of marriage. Start whenever you are ready, whatever your wedding date.',
  },
  {
    question: 'What format is the workbook?',
    answer:
      'Each weekly framework is a PDF. Use it digitally on any device, or print it out; the interactive workbook on your dashboard keeps both partners’ answers side by side.',
  },
] as const;

/** Footer links the spec lists but that have no page yet: shown, announced as unavailable, going nowhere. */
export const PLACEHOLDER_LINKS = ['FAQ', 'Refund Policy', 'Privacy Policy', 'Terms of Service'] as const;
