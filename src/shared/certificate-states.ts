import { z } from './zod';

/**
 * The state rules for premarital-education certificates (issue 37), as data: which US states lower
 * the marriage license fee (or waive the waiting period, or give a tax credit) for couples who
 * complete premarital education, and what the course and its certificate must be for that to hold.
 *
 * One rule per state, each with a comment citing the statute (section and title) and the benefit.
 * Where a value could not be checked against the statute's text, the rule lists the field in
 * `unverified`, holds the most cautious value (the schema below refuses a relaxed one), and says
 * "unverified: check with the county clerk" in `notes`. A state's rule is never relaxed by guessing:
 * only the seller, with the clerk's word, may relax it (the feature's provider settings, later).
 *
 * This is not legal advice, and the software is not a course provider: where a state requires a
 * registered or licensed provider, the SELLER must be one (docs/certificates.md). Clerks decide what
 * they accept. Sources and what was verified: the report for issue 37 and docs/certificates.md.
 */

/** How the course was delivered. Florida's certificate must say which (personal, video, electronic). */
export const DELIVERY_METHODS = ['in-person', 'video', 'online'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** What a certificate can be asked to show. The PDF template (later) prints the ones a state lists. */
export const CERTIFICATE_FIELDS = [
  'firstPartnerLegalName',
  'secondPartnerLegalName',
  'completionDate',
  'hours',
  'hoursTogether',
  'deliveryMethod',
  'courseName',
  'topicsCovered',
  'providerName',
  'providerCredentials',
  'providerRegistration',
  'providerLetterhead',
  'providerSignature',
  'signatureDate',
  'notaryBlock',
] as const;
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number];

/**
 * Every certificate, whatever the state, shows these: the issue's minimum (clerks match names to
 * IDs), and the course's name and the provider's credentials, which a clerk checks against the
 * provider's roster or licence even where the statute does not list them (a QA walk of the Florida
 * certificate, 2026-11-27).
 */
export const ALWAYS_REQUIRED_CERTIFICATE_FIELDS = [
  'firstPartnerLegalName',
  'secondPartnerLegalName',
  'completionDate',
  'hours',
  'providerName',
  'courseName',
  'providerCredentials',
] as const satisfies readonly CertificateField[];

/** The fields a rule may mark as a cautious guess. */
export const UNVERIFIABLE_FIELDS = [
  'minimumHours',
  'hoursTogether',
  'requiredTopics',
  'validityMonths',
  'deliveryMethods',
  'providerKinds',
  'providerRegistration',
  'certificateFields',
  'notary',
  'benefit',
] as const;

/** The words a rule with any unverified field must carry in its notes. */
export const UNVERIFIED_NOTE = 'unverified: check with the county clerk';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const certificateStateRuleSchema = z
  .object({
    /** USPS code, e.g. 'FL'. */
    code: z.string().regex(/^[A-Z]{2}$/, 'code must be two capital letters'),
    name: z.string().trim().min(1),
    /** Citation text, e.g. 'Fla. Stat. 741.0305; 741.04'. */
    statute: z.string().trim().min(1),
    /** Minimum hours of instruction (for each partner, or together where `hoursTogether`). */
    minimumHours: z.number().positive().max(40),
    /** Must the couple attend together (hours counted only when both were there)? */
    hoursTogether: z.boolean(),
    /** Plain-language topics the statute names; empty when it names none. */
    requiredTopics: z.array(z.string().trim().min(1)),
    /** The course must end at most this many months before the license application; null: no limit. */
    validityMonths: z.number().int().positive().max(24).nullable(),
    /**
     * The course must end at least this many days before the license is issued; null: no such rule.
     * Added for Utah (81-2-206(2)(b)(iv): "at least 14 days before"), which the brief's fields lacked.
     */
    minimumDaysBeforeLicence: z.number().int().positive().nullable(),
    /**
     * One certificate per partner or one for the couple. Added because Florida, Texas, Tennessee and
     * Georgia give (and file) a certificate per individual, while South Carolina and Minnesota use one
     * certification or statement naming both: the PDF step needs to know which to print.
     */
    certificatePer: z.enum(['each-partner', 'couple']),
    deliveryMethods: z.array(z.enum(DELIVERY_METHODS)).min(1),
    /** Who may give the course (the seller must be one of these; the software is none of them). */
    providerKinds: z.array(z.string().trim().min(1)).min(1),
    /**
     * Must the provider be registered or approved, and where. `where` is the research note (it may
     * say "unknown: ..."); the seller reads `certificates.admin.registrationWhere.<code>` instead,
     * in their language, which every state that requires a registration must have.
     */
    providerRegistration: z.object({
      required: z.boolean(),
      where: z.string().trim().min(1).nullable(),
    }),
    certificateFields: z.array(z.enum(CERTIFICATE_FIELDS)).min(1),
    /** Must the provider's signature on the certificate be notarized? */
    notary: z.boolean(),
    /** Short text: what the couple gains. */
    benefit: z.string().trim().min(1),
    notes: z.array(z.string().trim().min(1)),
    /** Fields holding a cautious guess rather than a value read in the statute or an official page. */
    unverified: z.array(z.enum(UNVERIFIABLE_FIELDS)),
    lastReviewed: z.string().regex(ISO_DATE, 'lastReviewed must be YYYY-MM-DD'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const field of ALWAYS_REQUIRED_CERTIFICATE_FIELDS) {
      if (!rule.certificateFields.includes(field))
        issue('certificateFields', `certificateFields must include ${field}`);
    }
    if (new Set(rule.certificateFields).size !== rule.certificateFields.length) {
      issue('certificateFields', 'certificateFields must not repeat a field');
    }
    if (rule.certificateFields.includes('providerSignature') && !rule.certificateFields.includes('signatureDate')) {
      issue('certificateFields', 'a signature on the certificate is dated (signatureDate)');
    }
    if (rule.notary !== rule.certificateFields.includes('notaryBlock')) {
      issue('notary', 'notary and the notaryBlock certificate field must agree');
    }
    if (rule.hoursTogether && !rule.certificateFields.includes('hoursTogether')) {
      issue('certificateFields', 'a state that counts hours together must print them (hoursTogether)');
    }
    if (rule.providerRegistration.required && !rule.certificateFields.includes('providerRegistration')) {
      issue('certificateFields', 'a state that requires a registered provider must print the registration');
    }
    if (rule.providerRegistration.required && rule.providerRegistration.where === null) {
      issue('providerRegistration', 'a required registration must say where (or that the place is unknown)');
    }
    // An unverified value must be the cautious one, so a guess never relaxes a rule.
    const unverified = new Set(rule.unverified);
    if (unverified.size > 0 && !rule.notes.some((note) => note.includes(UNVERIFIED_NOTE))) {
      issue('notes', `a rule with unverified fields must say "${UNVERIFIED_NOTE}" in its notes`);
    }
    if (unverified.has('hoursTogether') && !rule.hoursTogether) {
      issue('hoursTogether', 'an unverified hoursTogether must be true (the cautious value)');
    }
    if (unverified.has('notary') && !rule.notary) issue('notary', 'an unverified notary must be true');
    if (unverified.has('validityMonths') && (rule.validityMonths === null || rule.validityMonths > 12)) {
      issue('validityMonths', 'an unverified validityMonths must be 12 or fewer, never null');
    }
    if (
      unverified.has('deliveryMethods') &&
      (rule.deliveryMethods.length !== 1 || rule.deliveryMethods[0] !== 'in-person')
    ) {
      issue('deliveryMethods', "an unverified deliveryMethods must be ['in-person'] only");
    }
    if (unverified.has('providerRegistration') && !rule.providerRegistration.required) {
      issue('providerRegistration', 'an unverified providerRegistration must be required');
    }
  });

export type CertificateStateRule = z.infer<typeof certificateStateRuleSchema>;

export const certificateStatesSchema = z.array(certificateStateRuleSchema).superRefine((rules, ctx) => {
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (seen.has(rule.code)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: `${rule.code} twice` });
    seen.add(rule.code);
  });
});

const LAST_REVIEWED = '2026-11-24';

const ON_CERTIFICATE_BASE = ALWAYS_REQUIRED_CERTIFICATE_FIELDS;

/** Validated when this module loads: a bad edit fails every test and the server's start. */
export const CERTIFICATE_STATES: readonly CertificateStateRule[] = certificateStatesSchema.parse([
  /**
   * Florida. Statute: Fla. Stat. 741.0305 "Marriage fee reduction for completion of premarital
   * preparation course" (4 hours; together or separately; certificate states the delivery method;
   * fee cut $32.50); 741.04 "Issuance of marriage license" (the 3-day delayed effective date for
   * Florida residents does not apply when valid course certificates are filed); 741.01(5) (course
   * taken no more than 1 year before the application; read as quoted in 2009 SB 2310).
   * Benefit: $32.50 off the license fee and the 3-day waiting period waived.
   */
  {
    code: 'FL',
    name: 'Florida',
    statute: 'Fla. Stat. 741.0305; 741.04; 741.01(5)',
    minimumHours: 4,
    hoursTogether: false,
    requiredTopics: [
      'conflict management',
      'communication skills',
      'financial responsibilities',
      'children and parenting responsibilities',
      'problems reported by married couples who seek counselling',
    ],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'each-partner',
    deliveryMethods: ['in-person', 'video', 'online'],
    providerKinds: [
      'psychologist licensed under Fla. Stat. ch. 490',
      'clinical social worker licensed under ch. 491',
      'marriage and family therapist licensed under ch. 491',
      'mental health counselor licensed under ch. 491',
      'official representative of a religious institution (s. 496.404) with relevant training',
      'other provider designated by the judicial circuit (e.g. a certified school counselor)',
    ],
    providerRegistration: {
      required: true,
      where: 'Clerk of the circuit court of the county, by a sworn provider affidavit; clerks keep a roster',
    },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'deliveryMethod',
      'providerRegistration',
      'providerSignature',
      'signatureDate',
    ],
    notary: false,
    benefit: '$32.50 off the license fee and the 3-day waiting period waived (Florida residents)',
    notes: [
      'The statute says the course "may include" these topics; they are treated as required so the data never relaxes a rule.',
      'Each partner files a certificate of their own; the certificate must say how the course was given (in person, video, electronic, or a mix).',
      'Registration is with a county clerk; whether a registration in one county is honored in another is up to each clerk (unverified: check with the county clerk).',
    ],
    unverified: ['providerRegistration'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Texas. Statute: Tex. Fam. Code 2.013 "Premarital Education Courses" (at least 8 hours in the
   * year before the application; must teach conflict management, communication skills and the key
   * components of a successful marriage; signed and dated certificate naming the course, provider and
   * completion date; providers may register with the Health and Human Services Commission, the
   * Twogether in Texas programme); 2.204 "72-Hour Waiting Period; Exceptions", (b)(4).
   * Benefit: the 72-hour waiting period waived (2.204(b)(4)) and the $60 state part of the license fee
   * waived (Gov. Code; section number not verified here, the amount from county and press pages).
   */
  {
    code: 'TX',
    name: 'Texas',
    statute: 'Tex. Fam. Code 2.013; 2.204(b)(4)',
    minimumHours: 8,
    hoursTogether: false,
    requiredTopics: ['conflict management', 'communication skills', 'key components of a successful marriage'],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'each-partner',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'marriage educator',
      'clergy or their designee',
      'licensed mental health professional',
      'faith-based organization',
      'community-based organization',
    ],
    providerRegistration: {
      required: true,
      where: 'Texas Health and Human Services Commission, Twogether in Texas provider registry',
    },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'providerRegistration',
      'providerLetterhead',
      'providerSignature',
      'signatureDate',
    ],
    notary: false,
    benefit: '$60 off the license fee (the state part) and the 72-hour waiting period waived',
    notes: [
      'Instructors should be trained in a skills-based, research-based curriculum (2.013(c)-(d)).',
      'Clerks ask for the original certificate (or a letter on the provider letterhead) with names matching each ID.',
      'The statute lets providers register with HHSC ("may"); the data requires it because clerks accept the Twogether in Texas certificate without question (unverified: check with the county clerk).',
      'Online courses are widely offered and the statute has been silent on the method since 2008, but no official page read here says clerks accept them (unverified: check with the county clerk).',
    ],
    unverified: ['deliveryMethods', 'providerRegistration', 'benefit'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Tennessee. Statute: Tenn. Code Ann. 36-6-413 "Funding", (b)(2)-(3): an extra $62.50 license fee,
   * of which $60 is waived when both applicants give the clerk a valid and timely certificate of a
   * premarital preparation course (the course rules sit in (b)(3), whose text was not read here).
   * Benefit: $60 off the license fee. Hours (4), "together or separately", within one year and the
   * notarized form: the Davidson County (Nashville) clerk's page.
   */
  {
    code: 'TN',
    name: 'Tennessee',
    statute: 'Tenn. Code Ann. 36-6-413(b)(2)-(3)',
    minimumHours: 4,
    hoursTogether: false,
    requiredTopics: ['communication skills', 'conflict resolution', 'children and parenting responsibilities'],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'each-partner',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'licensed psychologist',
      'licensed marital and family therapist',
      'licensed professional counselor',
      'licensed clinical social worker',
      'clergy or official representative of a religious institution',
    ],
    providerRegistration: { required: true, where: 'unknown: ask the county clerk' },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'providerRegistration',
      'providerSignature',
      'signatureDate',
      'notaryBlock',
    ],
    notary: true,
    benefit: '$60 off the license fee',
    notes: [
      'Davidson County accepts only the Administrative Office of the Courts "Certificate of Completion" form, notarized: the PDF must reproduce that form.',
      'Topics and provider kinds come from the clerk page and 2002 press reports, not the statute text (unverified: check with the county clerk).',
    ],
    unverified: ['requiredTopics', 'deliveryMethods', 'providerKinds', 'providerRegistration'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Georgia. Statute: O.C.G.A. 19-3-30.1 "Premarital education; fees; special requirements if
   * marriage applicant is 17 years old" (at least 6 hours, within 12 months before the application,
   * the couple together; certificate to each participant); 19-3-33 (the applicants submit a signed and
   * dated certificate of completion). Benefit: a lower license fee; the amount (commonly $40 off, e.g.
   * $56 to $16) was not read in the statute.
   */
  {
    code: 'GA',
    name: 'Georgia',
    statute: 'O.C.G.A. 19-3-30.1; 19-3-33',
    minimumHours: 6,
    hoursTogether: true,
    requiredTopics: [
      'conflict management',
      'communication skills',
      'financial responsibilities',
      'child and parenting responsibilities',
      'extended family roles',
    ],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'each-partner',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'professional counselor, social worker or marriage and family therapist licensed under Title 43 ch. 10A',
      'psychiatrist licensed as a physician',
      'licensed psychologist',
      'active or retired clergy, or a designee trained and skilled in premarital education',
    ],
    providerRegistration: { required: true, where: 'unknown: none named in 19-3-30.1(a)-(b); ask the probate court' },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'hoursTogether',
      'providerRegistration',
      'providerSignature',
      'signatureDate',
    ],
    notary: false,
    benefit: 'a lower license fee (commonly $40 off)',
    notes: [
      'Licenses are issued by the probate court. The topics are "may include"; treated as required.',
      'For a party aged 17, clergy must also be a licensed counselor, social worker or therapist.',
      'The fee amount and subsections (c)-(d) were not read in full (unverified: check with the county clerk).',
    ],
    unverified: ['deliveryMethods', 'providerRegistration', 'benefit'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Minnesota. Statute: Minn. Stat. 517.08 subd. 1b "Term of license; fee; premarital education"
   * (and subd. 1c, the statement's wording): at least 12 hours, including a premarital inventory and
   * the teaching of communication and conflict management skills, from a minister, a person
   * authorized to solemnize marriages (517.18) or a licensed marriage and family therapist (148B.33).
   * Benefit: license fee $40 instead of $115 ($75 off); Minnesota has no waiting period since 2016.
   * The signed, dated and notarized statement on letterhead: Polk County's page.
   */
  {
    code: 'MN',
    name: 'Minnesota',
    statute: 'Minn. Stat. 517.08, subd. 1b-1c',
    minimumHours: 12,
    hoursTogether: true,
    requiredTopics: ['a premarital inventory', 'communication skills', 'conflict management skills'],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'couple',
    deliveryMethods: ['in-person'],
    providerKinds: [
      "licensed or ordained minister, or the minister's designee",
      'person authorized to solemnize marriages under Minn. Stat. 517.18',
      'person licensed to practise marriage and family therapy under Minn. Stat. 148B.33',
    ],
    providerRegistration: { required: true, where: 'unknown: none named in 517.08; ask the county' },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'hoursTogether',
      'topicsCovered',
      'providerRegistration',
      'providerLetterhead',
      'providerSignature',
      'signatureDate',
      'notaryBlock',
    ],
    notary: true,
    benefit: '$75 off the license fee ($40 instead of $115)',
    notes: [
      'The proof is an "educator statement" from the provider on letterhead, with both full legal names as on the license.',
      'A 2010 bill proposed dropping the notarization; whether it passed was not checked, and no time limit was found (unverified: check with the county clerk).',
    ],
    unverified: ['hoursTogether', 'validityMonths', 'deliveryMethods', 'providerRegistration', 'notary'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Oklahoma. Statute: 43 Okla. Stat. 5.1 "Premarital counseling" (the clerk reduces the fee for
   * persons who completed a premarital counseling program given by a health professional, an official
   * representative of a religious institution, or a person trained by the authors of a nationally
   * recognized curriculum such as PREP; the provider issues a signed certificate); 43 O.S. 5(B)(2);
   * the fee itself is in 28 O.S. 31 (not read). Benefit: license fee $5 instead of $50 (reported).
   * The hour count was not found: the 12 here is the largest of these states, a cautious guess.
   */
  {
    code: 'OK',
    name: 'Oklahoma',
    statute: '43 Okla. Stat. 5.1; 43 Okla. Stat. 5(B)(2); 28 Okla. Stat. 31',
    minimumHours: 12,
    hoursTogether: true,
    requiredTopics: [],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'couple',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'health professional',
      'official representative of a religious institution',
      'person trained by the authors of a nationally recognized marriage education curriculum (e.g. PREP)',
    ],
    providerRegistration: { required: true, where: 'unknown: ask the court clerk' },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'hoursTogether',
      'providerRegistration',
      'providerSignature',
      'signatureDate',
      'notaryBlock',
    ],
    notary: true,
    benefit: '$45 off the license fee ($5 instead of $50)',
    notes: [
      'Court clerks ask for the original certificate (no copies, faxes or e-mail) stating the named persons completed the program.',
      'Hours, together, time limit, topics and notarization were not found in the text read (unverified: check with the county clerk).',
    ],
    unverified: [
      'minimumHours',
      'hoursTogether',
      'requiredTopics',
      'validityMonths',
      'deliveryMethods',
      'providerRegistration',
      'notary',
      'benefit',
    ],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Maryland. Statute: Md. Code, Fam. Law 2-404.1 "Premarital preparation course" (a county may
   * discount the license fee when the couple completed, within 1 year before the application, a
   * course of at least 4 hours on conflict management, communication, finances and children; the
   * provider registers with the clerk by written affidavit); the fee is in 2-404. Benefit: only where
   * the county chose to give a discount, of an amount the county sets; the 2-405(d) wait stays.
   */
  {
    code: 'MD',
    name: 'Maryland',
    statute: 'Md. Code, Fam. Law 2-404.1',
    minimumHours: 4,
    hoursTogether: true,
    requiredTopics: [
      'conflict management',
      'communication skills',
      'financial responsibilities',
      'children and parenting responsibilities',
    ],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'couple',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'clinical professional counselor or clinical marriage and family therapist (Health Occ. Title 17, Subtitle 3A)',
      'psychologist (Health Occ. Title 18)',
      'social worker (Health Occ. Title 19)',
      'official representative of a religious institution with relevant training',
      'other qualified provider approved by the county governing body',
    ],
    providerRegistration: {
      required: true,
      where: 'Clerk of the circuit court, by a written affidavit (name, address, phone, qualifications, compliance)',
    },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'hoursTogether',
      'providerRegistration',
      'providerSignature',
      'signatureDate',
      'notaryBlock',
    ],
    notary: true,
    benefit: 'a license fee discount only in counties that adopted one, of an amount the county sets',
    notes: [
      'Optional county by county: most couples may get nothing; check the county before selling a Maryland certificate.',
      'Subsection (e) (the certificate) was not read, nor whether the couple must attend together (unverified: check with the county clerk).',
    ],
    unverified: ['hoursTogether', 'deliveryMethods', 'certificateFields', 'notary'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * South Carolina. Statute: S.C. Code 20-1-230 "Issuance of license; premarital preparation course",
   * (B): at least 6 hours, completed together rather than individually, within twelve months before
   * the application, taught by a licensed professional counselor (Title 40 ch. 75) or clergy; the
   * certification states the hours completed together and the provider's credentials. Benefit: a
   * one-time $50 nonrefundable state income tax credit (12-6-3381); no fee cut, and the 24-hour wait
   * remains.
   */
  {
    code: 'SC',
    name: 'South Carolina',
    statute: 'S.C. Code 20-1-230(B); 12-6-3381',
    minimumHours: 6,
    hoursTogether: true,
    requiredTopics: [],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'couple',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'professional counselor licensed under Title 40, Chapter 75',
      'active or retired clergy, or a designee trained and skilled in premarital preparation',
    ],
    providerRegistration: { required: false, where: null },
    certificateFields: [...ON_CERTIFICATE_BASE, 'hoursTogether', 'providerSignature', 'signatureDate'],
    notary: false,
    benefit: 'a one-time $50 state income tax credit (no license fee cut, no waiting period waived)',
    notes: [
      'The probate judge or clerk notes the course on the license; the couple claims the credit on their state return.',
      'The statute is silent on the delivery method (unverified: check with the county clerk).',
    ],
    unverified: ['deliveryMethods'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * Utah. Statute: Utah Code 81-2-206 "Completion of counseling or education" (renumbered in 2024
   * from 30-1-34): at least 3 hours of premarital counseling or 6 hours of premarital education, on
   * commitment and on communication and problem solving (including avoiding violence and abuse),
   * from a listed provider or an online course approved by the Utah Marriage Commission, completed
   * not more than one year and at least 14 days before the license is issued; the applicants certify.
   * Benefit: $20 off the license fee, only in a county that runs an online marriage application.
   */
  {
    code: 'UT',
    name: 'Utah',
    statute: 'Utah Code 81-2-206 (formerly 30-1-34)',
    minimumHours: 6,
    hoursTogether: true,
    requiredTopics: [
      'commitment in marriage',
      'communication and problem-solving skills, including avoiding violence and abuse',
    ],
    validityMonths: 12,
    minimumDaysBeforeLicence: 14,
    certificatePer: 'couple',
    deliveryMethods: ['in-person', 'online'],
    providerKinds: [
      "licensed or ordained minister, or the minister's trained designee",
      'mental health professional licensed under Title 58, Chapter 60',
      'family life educator certified by a national organization the Utah Marriage Commission recognizes',
      'family and consumer sciences educator',
      'instructor approved by a qualifying premarital education curriculum',
      'online course approved by the Utah Marriage Commission',
    ],
    providerRegistration: {
      required: true,
      where: 'Utah Marriage Commission (approval of an online course)',
    },
    certificateFields: [...ON_CERTIFICATE_BASE, 'hoursTogether', 'deliveryMethod', 'providerRegistration'],
    notary: false,
    benefit: '$20 off the license fee (in counties with an online marriage application)',
    notes: [
      'Six hours is the education route; a counseling route needs 3 hours but is not what an online course gives.',
      'An online course counts only if the Utah Marriage Commission approved it; both applicants certify completion on the application.',
      'Subsection (2)(c) (on attending together) was not read (unverified: check with the county clerk).',
    ],
    unverified: ['hoursTogether'],
    lastReviewed: LAST_REVIEWED,
  },
  /**
   * West Virginia. Statute: W. Va. Code 48-2-701 "Premarital education encouraged; requirements"
   * (at least 4 hours in the twelve months before the application; listed providers; instructors
   * trained in a skills-based, research-based curriculum; an Internet registry kept by the state
   * health and human services department); 48-2-104 "Contents of the application for a marriage
   * license" (a signed and dated certificate of completion). Benefit: $20 off the license fee ($56 to
   * $36, reported by press and guides; the fee section was not read).
   */
  {
    code: 'WV',
    name: 'West Virginia',
    statute: 'W. Va. Code 48-2-701; 48-2-104(a)',
    minimumHours: 4,
    hoursTogether: true,
    requiredTopics: [
      'conflict management',
      'communication skills',
      'managing finances',
      'child and parenting responsibilities',
      'extended family roles',
      'key components of a successful marriage',
    ],
    validityMonths: 12,
    minimumDaysBeforeLicence: null,
    certificatePer: 'couple',
    deliveryMethods: ['in-person'],
    providerKinds: [
      'licensed professional counselor or marriage and family therapist',
      'licensed social worker',
      'psychiatrist licensed as a physician',
      'licensed psychologist',
      'active or retired clergy, or a designee trained in a skills-based, research-based curriculum',
    ],
    providerRegistration: {
      required: true,
      where: 'West Virginia health and human services department premarital education website (48-2-701(f))',
    },
    certificateFields: [
      ...ON_CERTIFICATE_BASE,
      'hoursTogether',
      'providerRegistration',
      'providerSignature',
      'signatureDate',
    ],
    notary: false,
    benefit: '$20 off the license fee',
    notes: [
      'The topics are "may include"; treated as required. The registry says providers "may" register; required here.',
      'Together or apart, the delivery method and the fee amount were not read in the statute (unverified: check with the county clerk).',
    ],
    unverified: ['hoursTogether', 'deliveryMethods', 'providerRegistration', 'benefit'],
    lastReviewed: LAST_REVIEWED,
  },
]);

/** The rule for a state code ('FL'), or undefined when the list has none. */
export function certificateStateRule(code: string): CertificateStateRule | undefined {
  return CERTIFICATE_STATES.find((rule) => rule.code === code);
}
