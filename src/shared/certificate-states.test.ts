import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOfflineEntryMinutes } from './certificate-hours';
import { reportOfflineTimeSchema } from './certificate-schemas';
import {
  ALWAYS_REQUIRED_CERTIFICATE_FIELDS,
  CERTIFICATE_STATES,
  type CertificateStateRule,
  certificateStateRule,
  certificateStateRuleSchema,
  certificateStatesSchema,
  UNVERIFIED_NOTE,
} from './certificate-states';

const source = fs.readFileSync(path.join('src', 'shared', 'certificate-states.ts'), 'utf8');

function florida(): CertificateStateRule {
  return structuredClone(certificateStateRule('FL')!);
}

/** The messages zod gives for a rule, so a test can say which rule refused it. */
function refusals(rule: unknown): string[] {
  const result = certificateStateRuleSchema.safeParse(rule);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the certificate state rules', () => {
  it('validate against their schema', () => {
    expect(certificateStatesSchema.safeParse(CERTIFICATE_STATES).error).toBeUndefined();
    expect(CERTIFICATE_STATES.length).toBeGreaterThanOrEqual(10);
  });

  it('have unique two-letter codes', () => {
    const codes = CERTIFICATE_STATES.map((rule) => rule.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(['FL', 'TX', 'TN', 'GA', 'MN', 'OK', 'MD', 'SC', 'UT', 'WV']);
  });

  it('hold Florida at 4 hours and Texas at 8', () => {
    expect(certificateStateRule('FL')).toMatchObject({ minimumHours: 4, hoursTogether: false, validityMonths: 12 });
    expect(certificateStateRule('TX')).toMatchObject({ minimumHours: 8, validityMonths: 12 });
    expect(certificateStateRule('FL')?.benefit).toContain('$32.50');
    expect(certificateStateRule('ZZ')).toBeUndefined();
  });

  it('cite a statute with a section number in every rule', () => {
    for (const rule of CERTIFICATE_STATES) expect(rule.statute, rule.code).toMatch(/\d/);
  });

  it('always print both legal names, the completion date, the hours, the course and the provider with credentials', () => {
    for (const rule of CERTIFICATE_STATES) {
      expect(rule.certificateFields, rule.code).toEqual(
        expect.arrayContaining([...ALWAYS_REQUIRED_CERTIFICATE_FIELDS]),
      );
    }
  });

  it('say "unverified: check with the county clerk" wherever a value is a guess', () => {
    for (const rule of CERTIFICATE_STATES) {
      if (rule.unverified.length > 0) expect(rule.notes.join(' '), rule.code).toContain(UNVERIFIED_NOTE);
    }
  });

  it('have a comment above every rule citing the statute and the benefit', () => {
    // Each `code: 'XX'` entry opens with `{` right after its comment block.
    const entries = source.split(/\n {2}\{\n {4}code: '/).slice(1);
    expect(entries).toHaveLength(CERTIFICATE_STATES.length);
    const comments = source.split(/\n {2}\{\n {4}code: '[A-Z]{2}'/).slice(0, -1);
    comments.forEach((before, index) => {
      const comment = before.slice(before.lastIndexOf('/**'));
      const code = CERTIFICATE_STATES[index]!.code;
      expect(comment.trimEnd().endsWith('*/'), code).toBe(true);
      expect(comment, code).toMatch(/Statute:/);
      expect(comment, code).toMatch(/Benefit:/);
    });
  });

  it('are plain ASCII, as the server bundle must be', () => {
    expect([...source].filter((character) => character.charCodeAt(0) > 0x7f)).toEqual([]);
  });
});

describe('the rule schema', () => {
  it('refuses a certificate without the second legal name', () => {
    const rule = florida();
    rule.certificateFields = rule.certificateFields.filter((field) => field !== 'secondPartnerLegalName');
    expect(refusals(rule)).toContain('certificateFields must include secondPartnerLegalName');
  });

  it('refuses a signature without its date', () => {
    const rule = florida();
    rule.certificateFields = rule.certificateFields.filter((field) => field !== 'signatureDate');
    expect(refusals(rule)).toContain('a signature on the certificate is dated (signatureDate)');
  });

  it('refuses a notary rule without a notary block, and a block without the rule', () => {
    const rule = florida();
    rule.notary = true;
    expect(refusals(rule)).toContain('notary and the notaryBlock certificate field must agree');
    const other = florida();
    other.certificateFields = [...other.certificateFields, 'notaryBlock'];
    expect(refusals(other)).toContain('notary and the notaryBlock certificate field must agree');
  });

  it('refuses a guess that relaxes a rule', () => {
    const apart = florida();
    apart.unverified = ['hoursTogether'];
    expect(refusals(apart)).toContain('an unverified hoursTogether must be true (the cautious value)');

    const noNotary = florida();
    noNotary.unverified = ['notary'];
    expect(refusals(noNotary)).toContain('an unverified notary must be true');

    const forever = florida();
    forever.unverified = ['validityMonths'];
    forever.validityMonths = null;
    expect(refusals(forever)).toContain('an unverified validityMonths must be 12 or fewer, never null');

    const online = florida();
    online.unverified = ['deliveryMethods'];
    expect(refusals(online)).toContain("an unverified deliveryMethods must be ['in-person'] only");

    const unregistered = florida();
    unregistered.providerRegistration = { required: false, where: null };
    expect(refusals(unregistered)).toContain('an unverified providerRegistration must be required');
  });

  it('refuses an unverified field with no note saying so', () => {
    const rule = florida();
    rule.notes = ['no caveat here'];
    expect(refusals(rule)).toEqual([`a rule with unverified fields must say "${UNVERIFIED_NOTE}" in its notes`]);
  });

  it('refuses a lower-case or three-letter code and an unknown field', () => {
    expect(refusals({ ...florida(), code: 'fl' })).toContain('code must be two capital letters');
    expect(refusals({ ...florida(), code: 'FLA' })).toContain('code must be two capital letters');
    expect(certificateStateRuleSchema.safeParse({ ...florida(), fee: 32.5 }).success).toBe(false);
  });

  it('refuses the same state twice in the list', () => {
    const result = certificateStatesSchema.safeParse([florida(), florida()]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['FL twice']);
  });

  it('accepts the untouched Florida rule (the refusals above are not the schema refusing everything)', () => {
    expect(refusals(florida())).toEqual([]);
  });
});

describe('the offline minutes rule the dashboard checks with', () => {
  it('agrees with the schema the server checks with', () => {
    for (const minutes of [-10, 0, 4, 5, 7.5, 30, 120, 121]) {
      expect(isOfflineEntryMinutes(minutes), String(minutes)).toBe(
        reportOfflineTimeSchema.shape.minutes.safeParse(minutes).success,
      );
    }
  });
});
