import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas';
import { z } from '../../shared/zod';
import { createCoupleWithAccessCode, uniqueUsername } from '../features/auth/test-support';
import { makePdf, uploadForm } from '../features/frameworks/test-support';
import { addFramework, addOrder } from '../features/orders/test-support';
import { adminWithSecondFactor } from '../features/admin-security/test-support';
import { createPendingSignIn } from '../features/admin-security/service';
import { adminCookie, createCouple, sessionCookie, TEST_ADMIN_PASSWORD, useTestApp } from '../test/harness';
import { signedEvent, startStripeDouble, type StripeDouble } from '../test/stripe-double';
import { bundledTopics } from '../features/inventory/content';
import { API_OPERATIONS, API_SCHEMAS, buildOpenApiDocument, errorResponses, type ApiOperation } from './openapi';
import { createCalendarFeed } from '../features/plan/service';

// Card payments on, against the local Stripe double (started before the app reads this env).
const STRIPE_ENV: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_test_openapi',
  STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
};
let stripe: StripeDouble;
beforeAll(async () => {
  stripe = await startStripeDouble({
    secretKey: STRIPE_ENV.STRIPE_SECRET_KEY!,
    webhookSecret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET!,
  });
  STRIPE_ENV.STRIPE_API_BASE = stripe.url;
});
afterAll(() => stripe.close());
const t = useTestApp(STRIPE_ENV);

/** `METHOD /path/{param}` for every route a Fastify app has registered, read from printRoutes. */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth === 0 ? '' : stack[depth - 1]!) + match[2]!;
    stack[depth] = full;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${full.replace(/:(\w+)/g, '{$1}')}`);
  }
  return routes;
}

/** The REST operations a document describes, as `METHOD /path`. */
function documentedRoutes(document: Record<string, unknown>): string[] {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Resolves a local JSON pointer (`#/components/schemas/Order`) in the document. */
function resolve(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      document,
    );
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const child of node) refsIn(child, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is OpenAPI 3.1 with every $ref resolving inside it', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((pointer) => resolve(document, pointer) === undefined)).toEqual([]);
    // zod writes `$defs` for schemas it meets twice; a ref into them would not resolve from here.
    expect(JSON.stringify(document)).not.toContain('$defs');
  });

  it('describes exactly the REST routes the server registers (tRPC and pages aside)', () => {
    const served = registeredRoutes(t.app).filter(
      (route) => / \/api\//.test(route) && !route.includes(' /api/trpc') && !route.startsWith('HEAD '),
    );
    expect(served.length).toBeGreaterThan(20);
    expect(documentedRoutes(document).sort()).toEqual([...new Set(served)].sort());
  });

  it('gives every operation an id, who may call it, its path parameters and its answers', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        const at = `${method} ${path}`;
        expect(ids.has(operation.operationId as string), at).toBe(false);
        ids.add(operation.operationId as string);
        expect(operation.summary, at).toEqual(expect.any(String));
        expect(operation.description, at).toMatch(/^Who may call: /);
        expect(operation.security, at).toEqual(expect.any(Array));
        const declared = ((operation.parameters ?? []) as { name: string; in: string }[]).map(
          (parameter) => parameter.name,
        );
        expect(declared, at).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
        const statuses = Object.keys(operation.responses as object);
        expect(
          statuses.some((status) => /^[23]/.test(status)), // 303: the checkout return's redirect
          at,
        ).toBe(true);
        expect(statuses, at).toContain('500');
      }
    }
    expect(document.components).toMatchObject({
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
    });
  });

  it('shows the request bodies the routes validate with, from their zod schemas', () => {
    const schemas = (document.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    expect(schemas.Register).toMatchObject({
      type: 'object',
      required: ['username', 'password', 'confirmPassword'],
      properties: { password: { minLength: 6, maxLength: 128 } },
    });
    expect(schemas.ContactMessage).toMatchObject({
      properties: { subject: { enum: ['general', 'course', 'payment', 'technical'] }, message: { maxLength: 5000 } },
    });
    expect(schemas.FrameworkUpload).toMatchObject({
      required: ['weekNumber', 'title', 'framework'],
      properties: { framework: { contentMediaType: 'application/pdf' } },
    });
    expect(schemas.Error).toMatchObject({ type: 'object', required: ['message'] });
  });
});

describe('GET /api/openapi.json', () => {
  it('serves the document to anyone, the same text every time', async () => {
    const first = await t.app.inject({ url: '/api/openapi.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    const second = await t.app.inject({ url: '/api/openapi.json' });
    expect(second.body).toBe(first.body);
  });
});

/*
 * The document against the running server: every operation is called once the way its caller
 * would, and once by an anonymous stranger; each answer's status must be one the document lists,
 * and each body must match the schema it names exactly (zod strips unknown keys, so a field the
 * server sends but the schema lacks fails `parse(body) == body`).
 */
describe('the document against the server', () => {
  let couple: { cookie: string; coupleId: number };
  let admin: string;
  let orderId: string;

  beforeAll(async () => {
    const fixture = await createCouple(t.deps, { accessLevel: 'full' });
    couple = { cookie: await sessionCookie(t.deps, fixture.accountId), coupleId: fixture.coupleId };
    admin = await adminCookie(t.deps);
    await addFramework(t.deps, 1);
    orderId = (await addOrder(t.deps, { status: 'completed' })).id;
  });

  const json = (
    method: InjectOptions['method'],
    url: string,
    cookie: string | undefined,
    payload?: unknown,
  ): InjectOptions => ({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

  /** How the operation's own caller calls it (with the setup it needs). */
  const SAMPLES: Record<string, () => Promise<InjectOptions>> = {
    getPublicConfig: async () => json('GET', '/api/config', undefined),
    getOpenApiDocument: async () => json('GET', '/api/openapi.json', undefined),
    sendContactMessage: async () =>
      json('POST', '/api/contact', undefined, {
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        subject: 'course',
        message: 'Hello',
      }),
    customerSignIn: async () => {
      const coded = await createCoupleWithAccessCode(t.deps);
      return json('POST', '/api/customer-auth/login', undefined, { email: coded.email, accessCode: coded.accessCode });
    },
    requestAccessCode: async () =>
      json('POST', '/api/customer-auth/request-code', undefined, { email: 'ana@example.com' }),
    getOrder: async () => json('GET', `/api/order/${orderId}`, undefined),
    requestWorkbookDownload: async () => json('GET', `/api/download-workbook/${orderId}`, undefined),
    downloadWorkbook: async () => json('GET', `/api/download-workbook/${orderId}/pdf`, undefined),
    downloadWorkbookWeek: async () => json('GET', `/api/download-workbook/${orderId}/week/2`, undefined),
    checkAuth: async () => json('GET', '/api/auth/check', couple.cookie),
    signOut: async () => {
      const other = await createCouple(t.deps);
      return json('POST', '/api/auth/logout', await sessionCookie(t.deps, other.accountId));
    },
    adminSignIn: async () =>
      json('POST', '/api/auth/login', undefined, { username: t.config.adminUsername, password: TEST_ADMIN_PASSWORD }),
    adminSignInSecondFactor: async () => {
      // A second administrator with the second factor on, so the first one's sign-in stays as it is.
      const { accountId, code } = await adminWithSecondFactor(t.deps);
      return json('POST', '/api/auth/login/second-factor', undefined, {
        pendingToken: createPendingSignIn(t.deps, accountId),
        code,
      });
    },
    coupleSignIn: async () => {
      const username = uniqueUsername();
      await createCouple(t.deps, { username, password: 'secret-words' });
      return json('POST', '/api/auth/user-login', undefined, { username, password: 'secret-words' });
    },
    register: async () =>
      json('POST', '/api/auth/register', undefined, {
        username: uniqueUsername(),
        password: 'secret-words',
        confirmPassword: 'secret-words',
      }),
    getSession: async () => json('GET', '/api/session', couple.cookie),
    listFrameworks: async () => json('GET', '/api/frameworks', couple.cookie),
    uploadFramework: async () => {
      const form = uploadForm({ weekNumber: '2', title: 'Week two', description: 'About trust' }, await makePdf());
      return {
        method: 'POST',
        url: '/api/upload-framework',
        headers: { ...form.headers, cookie: admin },
        payload: form.payload,
      };
    },
    deleteFramework: async () => json('DELETE', '/api/framework/2', admin),
    downloadFramework: async () => json('GET', '/api/download-framework/1', couple.cookie),
    getProfile: async () => json('GET', `/api/profile/${couple.coupleId}`, couple.cookie),
    replaceProfile: async () =>
      json('PUT', `/api/profile/${couple.coupleId}`, couple.cookie, {
        userDisplayName: 'Robin',
        partnerName: 'Casey',
        weddingDate: '2027-06-12',
      }),
    setTimeZone: async () =>
      json('PUT', `/api/profile/${couple.coupleId}/time-zone`, couple.cookie, { timeZone: 'Europe/Madrid' }),
    getPlan: async () => json('GET', `/api/plan/${couple.coupleId}`, couple.cookie),
    // The plan's samples run in the document's order: accept, pause, resume, then the next session.
    acceptPlan: async () => json('POST', `/api/plan/${couple.coupleId}/accept`, couple.cookie, { pace: 2 }),
    pausePlan: async () => json('POST', `/api/plan/${couple.coupleId}/pause`, couple.cookie, { until: null }),
    resumePlan: async () => json('POST', `/api/plan/${couple.coupleId}/resume`, couple.cookie),
    downloadNextSession: async () => json('GET', `/api/plan/${couple.coupleId}/next-session.ics`, couple.cookie),
    getCalendarFeed: async () => {
      const { url } = await createCalendarFeed(t.deps, { coupleId: couple.coupleId });
      return json('GET', new URL(url).pathname, undefined);
    },
    setLocale: async () => json('PUT', '/api/locale', couple.cookie, { locale: 'es' }),
    listFrameworksWithAccess: async () => json('GET', `/api/frameworks-with-access/${couple.coupleId}`, couple.cookie),
    getUserProgression: async () => json('GET', `/api/user-progression/${couple.coupleId}`, couple.cookie),
    listProgress: async () => json('GET', `/api/progress/${couple.coupleId}`, couple.cookie),
    completeWeek: async () => json('POST', `/api/progress/${couple.coupleId}/1/complete`, couple.cookie),
    updateWeekProgress: async () =>
      json('POST', `/api/progress/${couple.coupleId}/1`, couple.cookie, { notes: 'Good talk', rating: 4 }),
    getWorkbookResponse: async () =>
      json('GET', `/api/workbook-responses/${couple.coupleId}/1/partner1`, couple.cookie),
    saveWorkbookResponse: async () =>
      json('POST', `/api/workbook-responses/${couple.coupleId}/1/partner1`, couple.cookie, {
        reflectionAnswers: ['We listen'],
        discussionNotes: 'Notes',
      }),
    exportOurData: async () => json('GET', '/api/our-data', couple.cookie),
    downloadKeepsake: async () => json('GET', '/api/keepsake', couple.cookie),
    downloadInventoryReport: async () => {
      // A couple whose partners have both finished, on the shared device.
      const other = await createCouple(t.deps);
      const cookie = await sessionCookie(t.deps, other.accountId);
      const answers = Object.fromEntries(
        bundledTopics().flatMap((topic) => topic.statements.map((statement) => [statement.id, 4])),
      );
      for (const partner of ['partner1', 'partner2']) {
        for (const [path, input] of [
          ['inventory.saveAnswers', { partner, answers }],
          ['inventory.finish', { partner }],
        ] as const) {
          expect((await t.app.inject(json('POST', `/api/trpc/${path}`, cookie, input))).statusCode).toBe(200);
        }
      }
      return json('GET', '/api/inventory-report.pdf?round=1', cookie);
    },
    exportOrdersCsv: async () => json('GET', '/api/admin/orders.csv?status=completed&search=noor', admin),
    exportCertificatesCsv: async () => json('GET', '/api/admin/certificates.csv?search=robin', admin),
    downloadCertificate: async () => {
      const issued = await t.deps.db
        .insertInto('certificates')
        .values({
          code: 'OPENAPI-SAMPLE',
          couple_id: couple.coupleId,
          state: 'FL',
          first_legal_name: 'Robin Lee',
          second_legal_name: 'Casey Lee',
          search_names: 'robin lee casey lee',
          intended_marriage_date: '2027-06-12',
          completion_date: '2026-11-24',
          first_minutes: 240,
          second_minutes: 240,
          together_minutes: 0,
          delivery_method: 'online',
          course_name: 'Vows & Weeks',
          provider_name: 'Grace Counseling',
          provider_credentials: '',
          provider_registration: 'FL-1',
          provider_contact: 'hello@grace.example',
          issued_at: new Date().toISOString(),
          revoked_at: null,
          revoked_reason: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return json('GET', `/api/certificates/${issued.id}/pdf`, couple.cookie);
    },
    receiveStripeEvent: async () => {
      const event = signedEvent(STRIPE_ENV.STRIPE_WEBHOOK_SECRET!, 'customer.created', {
        id: 'cus_1',
        object: 'customer',
      });
      return {
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      };
    },
    returnFromCheckout: async () => {
      const started = await t.app.inject(
        json('POST', '/api/trpc/payments.startCheckout', undefined, {
          email: 'openapi-buyer@example.com',
          firstName: 'Ana',
          lastName: 'Lima',
        }),
      );
      const { url } = started.json().result.data as { url: string };
      const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
      const back = new URL(paid.headers.get('location')!);
      return json('GET', `${back.pathname}${back.search}`, undefined);
    },
    downloadGiftCard: async () => {
      const started = await t.app.inject(
        json('POST', '/api/trpc/payments.startGiftCheckout', undefined, {
          buyerName: 'Ana Lima',
          buyerEmail: 'openapi-gift@example.com',
          coupleNames: 'Bo & Cy',
          coupleEmail: 'openapi-couple@example.com',
        }),
      );
      const { url } = started.json().result.data as { url: string };
      const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
      const back = new URL(paid.headers.get('location')!);
      // The double sends no events here: the paid event is delivered by hand, signed as Stripe signs it.
      const session = stripe.sessions.get(back.searchParams.get('session_id')!)!;
      const event = signedEvent(STRIPE_ENV.STRIPE_WEBHOOK_SECRET!, 'checkout.session.completed', { ...session });
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      const receipt = await t.app.inject(json('GET', `${back.pathname}${back.search}`, undefined));
      const token = new URLSearchParams(new URL(receipt.headers.location as string, 'http://x').hash.slice(1)).get(
        'token',
      );
      return json('GET', `/api/gifts/${token}/card.pdf`, undefined);
    },
    getWeekSummary: async () => json('GET', `/api/week-summary/${couple.coupleId}/1`, couple.cookie),
    generateWeekSummary: async () => {
      const partner2 = await t.app.inject(
        json('POST', `/api/workbook-responses/${couple.coupleId}/1/partner2`, couple.cookie, {
          reflectionAnswers: ['We plan'],
        }),
      );
      expect(partner2.statusCode).toBe(200);
      return json('POST', `/api/generate-summary/${couple.coupleId}/1`, couple.cookie);
    },
  };

  const samplePath = (path: string) =>
    path
      .replace('{userId}', String(couple.coupleId))
      .replace('{weekNumber}', '1')
      .replace('{partner}', 'partner1')
      .replace('{paymentIntentId}', 'pi_unknown0001')
      .replace('{feed}', 'unknown.ics')
      .replace('{certificateId}', '1');

  it('has a sample call for every operation', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(API_OPERATIONS.map((operation) => operation.id).sort());
  });

  // Every operation in turn, two of them PDF jobs in worker threads (the workbook, the gift card).
  it('answers every operation with a documented success and a body of exactly the documented schema', {
    timeout: 120_000,
  }, async () => {
    for (const operation of API_OPERATIONS) {
      const res = await t.app.inject(await SAMPLES[operation.id]!());
      const at = `${operation.method} ${operation.path}: ${res.body.slice(0, 200)}`;
      expect(Object.keys(operation.success), at).toContain(String(res.statusCode));
      const answer = operation.success[res.statusCode]!.answer;
      if (answer === 'pdf') {
        expect(res.headers['content-type'], at).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString(), at).toBe('%PDF-');
      } else if (answer === 'csv') {
        expect(res.headers['content-type'], at).toBe('text/csv; charset=utf-8');
        const header =
          operation.id === 'exportCertificatesCsv' ? /^code,state,first_legal_name,/ : /^order_id,status,amount,/;
        expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0], at).toMatch(header);
      } else if (answer === 'ics') {
        expect(res.headers['content-type'], at).toBe('text/calendar; charset=utf-8');
        expect(res.body.startsWith('BEGIN:VCALENDAR'), at).toBe(true);
      } else if (answer === 'redirect') {
        expect(res.headers.location, at).toMatch(/^\/success\?payment_intent=pi_/);
      } else if (answer === 'openapi') {
        expect(res.json(), at).toMatchObject({ openapi: '3.1.0' });
      } else {
        const schema = API_SCHEMAS[answer.schema].schema;
        const body: unknown = res.json();
        expect((answer.list ? z.array(schema) : schema).parse(body), at).toEqual(body);
        if (answer.setsCookie) expect(String(res.headers['set-cookie']), at).toMatch(/^sid=/);
      }
    }
    // Every operation once, PDFs drawn in worker threads among them (the certificate's too).
  });

  it('answers a stranger with a status the document lists, and an error body of its Error schema', async () => {
    const documented = (operation: ApiOperation) => [
      ...Object.keys(operation.success),
      ...Object.keys(errorResponses(operation)),
    ];
    for (const operation of API_OPERATIONS) {
      const hasJsonBody = operation.body !== undefined && 'json' in operation.body;
      const res = await t.app.inject(
        json(
          operation.method.toUpperCase() as InjectOptions['method'],
          samplePath(operation.path),
          undefined,
          hasJsonBody ? {} : undefined,
        ),
      );
      const at = `${operation.method} ${operation.path}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(documented(operation), at).toContain(String(res.statusCode));
      if (res.statusCode >= 400) expect(errorBodySchema.parse(res.json()), at).toEqual(res.json());
    }
  });
});
