import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { userProgressionSchema } from '../../shared/progress-schemas';
import { z } from '../../shared/zod';
import { USER_PROGRESSION_RESPONSE } from './progress';
import { serializerSchema } from './serializer-schema';

/** What Fastify writes for `value` on a route whose 200 answer has `schema`: its own serializer. */
async function serialized(schema: unknown, value: unknown): Promise<string> {
  const app = Fastify({ logger: false });
  app.get('/', { schema: { response: { 200: schema } } }, async () => value);
  try {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    return res.body;
  } finally {
    await app.close();
  }
}

describe('the progression answer schema', () => {
  it('is generated in the fast form decision 0088 wrote by hand (type pairs, no anyOf)', () => {
    expect(USER_PROGRESSION_RESPONSE).toMatchObject({
      type: 'object',
      properties: {
        totalCompleted: { type: 'integer' },
        progressPercentage: { type: 'number' },
        completedWeeks: { type: 'array', items: { type: 'integer' } },
        nextWeek: { type: ['integer', 'null'] },
      },
    });
    expect(JSON.stringify(USER_PROGRESSION_RESPONSE)).not.toMatch(/anyOf|oneOf|allOf/);
  });

  it('lists every field of the shared progression schema, so the serializer drops none of them', () => {
    // The route's answer is compared with JSON.stringify's in progress.test.ts; this fails as soon
    // as the shared schema has a field the serializer's schema lacks, whatever the service returns.
    const fields = Object.keys(userProgressionSchema.shape).sort();
    expect(USER_PROGRESSION_RESPONSE.type).toBe('object');
    if (USER_PROGRESSION_RESPONSE.type !== 'object') return;
    expect(Object.keys(USER_PROGRESSION_RESPONSE.properties).sort()).toEqual(fields);
    const required = fields.filter(
      (field) =>
        !userProgressionSchema.shape[field as keyof typeof userProgressionSchema.shape].safeParse(undefined).success,
    );
    expect([...USER_PROGRESSION_RESPONSE.required].sort()).toEqual(required);
  });
});

describe('serializerSchema', () => {
  it('carries a field added to a shared schema into the answer, whatever its kind', async () => {
    const shared = z.object({
      totalCompleted: z.number().int(),
      completedWeeks: z.array(z.number().int()),
      nextWeek: z.number().int().nullable(),
    });
    const grown = shared.extend({
      streakLabel: z.string(),
      onTrial: z.boolean(),
      trialEnds: z.number().int().nullable(),
      milestones: z.array(z.object({ week: z.number().int(), title: z.string(), reachedAt: z.string().nullable() })),
      access: z.object({ level: z.enum(['trial', 'full']), weekLimit: z.number().int() }),
      answered: z.literal(true),
      // fast-json-stringify writes optional properties after the required ones: the last here.
      partnerNote: z.string().nullable().optional(),
    });
    const value: z.infer<typeof grown> = {
      totalCompleted: 1,
      completedWeeks: [1],
      nextWeek: null,
      streakLabel: 'one "week" in a row',
      onTrial: false,
      trialEnds: null,
      milestones: [{ week: 1, title: 'Journey Started!', reachedAt: '2026-11-23T09:00:00.000Z' }],
      access: { level: 'full', weekLimit: 52 },
      answered: true,
      partnerNote: 'hi',
    };
    expect(await serialized(serializerSchema(grown), value)).toBe(JSON.stringify(value));
    // An optional field left out stays out, as JSON.stringify leaves out undefined.
    const { partnerNote: _left, ...without } = value;
    expect(await serialized(serializerSchema(grown), without)).toBe(JSON.stringify(without));
  });

  it('refuses, at start-up, a shape fast-json-stringify could only write by checking it at run time', () => {
    expect(() => serializerSchema(z.object({ answer: z.union([z.string(), z.number()]) }))).toThrow(
      /the answer\.answer/,
    );
    expect(() => serializerSchema(z.object({ owner: z.object({ id: z.number() }).nullable() }))).toThrow(
      /the answer\.owner/,
    );
    expect(() => serializerSchema(z.object({ byWeek: z.record(z.string(), z.number()) }))).toThrow(
      /the answer\.byWeek/,
    );
  });
});
