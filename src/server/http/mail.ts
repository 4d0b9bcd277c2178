import type { FastifyReply } from 'fastify';
import { PRODUCT_NAME } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import { requestCodeSchema } from '../../shared/mail-schemas';
import { asAuthCall } from '../features/auth/service';
import { coupleOfUnsubscribeToken, requestAccessCode, unsubscribeByToken } from '../features/mail/service';
import { escapeHtml } from '../features/mail/templates';
import { AUTH_ROUTE } from './error-handler';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

/** A small standalone page (no app bundle): the unsubscribe link must work anywhere, signed in or not. */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
</head>
<body style="margin:0;background:#f4eef4;color:#2b2130;font-family:Georgia,'Times New Roman',serif">
<main style="max-width:520px;margin:48px auto;padding:28px 24px;background:#ffffff;border-radius:12px;line-height:1.6;font-size:17px">
<p style="margin:0 0 16px;font-weight:700;color:#6b2f6b"><a href="/" style="color:#6b2f6b;text-decoration:none">${escapeHtml(PRODUCT_NAME)}</a></p>
<h1 style="font-size:26px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

const button =
  'font:inherit;font-weight:600;background:#6b2f6b;color:#ffffff;border:0;border-radius:8px;padding:12px 22px;cursor:pointer';

function invalidLink(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  return page(
    reply,
    400,
    'This link does not work',
    `<p>${escapeHtml(error.message)}</p><p><a href="/customer-login" style="color:#6b2f6b">Sign in</a></p>`,
  );
}

/**
 * Email's HTTP side (docs/product.md#email): "Email me my code" (the tRPC twin is
 * mail.requestCode) and the reminders' one-click unsubscribe. GET /unsubscribe asks (link checkers
 * and mail scanners open links; they must not unsubscribe anyone), POST /unsubscribe does it: the
 * page's button, and mail clients' one-click (RFC 8058, `List-Unsubscribe=One-Click` form body,
 * no Origin header).
 */
export const mailRoutes: RestRoutes = (app, deps) => {
  app.post('/api/customer-auth/request-code', AUTH_ROUTE, async (req, reply) => {
    const answer = await asAuthCall(async () =>
      requestAccessCode(deps, parseInput(requestCodeSchema, req.body), req.ip),
    );
    return reply.code(202).send(answer);
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, body),
    );

    scope.get<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
      const token = req.query.token;
      try {
        coupleOfUnsubscribeToken(deps, token);
      } catch (error) {
        return invalidLink(reply, error);
      }
      return page(
        reply,
        200,
        'Stop the weekly reminders?',
        `<p>We send one friendly email when a week of your course has waited seven days. Unsubscribe, and we will not send these reminders any more.</p>
<p>Your course and your progress stay just as they are, and you can turn reminders back on any time in your Profile.</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(String(token))}"><button type="submit" style="${button}">Unsubscribe from reminders</button></form>`,
      );
    });

    scope.post<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
      try {
        await unsubscribeByToken(deps, req.query.token);
      } catch (error) {
        return invalidLink(reply, error);
      }
      return page(
        reply,
        200,
        'You are unsubscribed',
        `<p>We will not send you weekly reminders any more. Your course is still there whenever you are ready.</p>
<p>Changed your mind? Turn reminders back on in your Profile.</p>
<p><a href="/dashboard" style="color:#6b2f6b">Go to my dashboard</a></p>`,
      );
    });
  });
};
