import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../shared/constants';
import { AppError } from '../../shared/errors';
import type { Locale } from '../../shared/i18n/locales';
import { localizedPath } from '../../shared/i18n/localized-pages';
import { requestCodeSchema } from '../../shared/mail-schemas';
import { asAuthCall } from '../features/auth/service';
import { recipientLocale, requestLocale } from '../features/i18n/locale';
import { t } from '../features/i18n/translate';
import {
  coupleOfUnsubscribeToken,
  requestAccessCode,
  UNSUBSCRIBE_INVALID,
  unsubscribeByToken,
} from '../features/mail/service';
import { escapeHtml } from '../features/mail/templates';
import { AUTH_ROUTE } from './error-handler';
import type { RestRoutes } from './rest-plugin';
import { parseInput } from './validation';

/**
 * A small standalone page (no app bundle): the unsubscribe link must work anywhere, signed in or not.
 * In the couple's language, the one their reminders are written in.
 */
function page(reply: FastifyReply, status: number, locale: Locale, title: string, paragraphs: string[]) {
  const html = `<!doctype html>
<html lang="${locale}">
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
${paragraphs.join('\n')}
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

const link = (href: string, text: string) => `<p><a href="${href}" style="color:#6b2f6b">${escapeHtml(text)}</a></p>`;

/** A link that names no couple of ours: in the visitor's language (their cookie or browser). */
function invalidLink(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const locale = requestLocale(req);
  const said = error.message === UNSUBSCRIBE_INVALID ? t(locale, 'email.unsubscribe.invalid') : error.message;
  return page(reply, 400, locale, t(locale, 'email.unsubscribe.invalidTitle'), [
    `<p>${escapeHtml(said)}</p>`,
    link(localizedPath('/customer-login', locale), t(locale, 'email.signIn')),
  ]);
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
      let coupleId: number;
      try {
        coupleId = coupleOfUnsubscribeToken(deps, token);
      } catch (error) {
        return invalidLink(req, reply, error);
      }
      const locale = await recipientLocale(deps.db, { coupleId });
      return page(reply, 200, locale, t(locale, 'email.unsubscribe.askTitle'), [
        `<p>${escapeHtml(t(locale, 'email.unsubscribe.askWhat'))}</p>`,
        `<p>${escapeHtml(t(locale, 'email.unsubscribe.askStays'))}</p>`,
        `<form method="post" action="/unsubscribe?token=${encodeURIComponent(String(token))}"><button type="submit" style="${button}">${escapeHtml(t(locale, 'email.unsubscribe.button'))}</button></form>`,
      ]);
    });

    scope.post<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
      let coupleId: number;
      try {
        coupleId = await unsubscribeByToken(deps, req.query.token);
      } catch (error) {
        return invalidLink(req, reply, error);
      }
      const locale = await recipientLocale(deps.db, { coupleId });
      return page(reply, 200, locale, t(locale, 'email.unsubscribe.doneTitle'), [
        `<p>${escapeHtml(t(locale, 'email.unsubscribe.doneWhat'))}</p>`,
        `<p>${escapeHtml(t(locale, 'email.unsubscribe.doneUndo'))}</p>`,
        link('/dashboard', t(locale, 'email.unsubscribe.dashboard')),
      ]);
    });
  });
};
