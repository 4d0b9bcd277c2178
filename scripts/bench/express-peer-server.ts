import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import express from 'express';
import { loadConfig } from '../../src/server/platform/config';
import { OTHER_CONNECTIONS_CHECK_MS } from '../../src/server/db/client';
import { apiHeaders, helmetHeaders } from '../../src/server/http/security';
import { progressPercentage } from '../../src/shared/progress-schemas';
import { nextWeek } from '../../src/shared/unlock';

/**
 * The peer a user might pick instead of our stack: Express 5 with better-sqlite3, doing the same
 * work as GET /api/user-progression/{id} on the SAME database file: parse the cookie, look the
 * session up the same way (sha256 of the token, join accounts and couples, expiry check), the
 * same ownership check, the same completed-weeks query, the same JSON shape, and the same security
 * headers (docs/product.md#sessions asks for them of any server of this API), set the cheapest way:
 * values worked out once. Statements are prepared once, as a careful Express author would, and
 * found sessions are remembered the way our app remembers them (decisions 0064 and 0088: keyed by
 * the token, used while data_version, read at most every 0.1 s, is unchanged; this server never
 * writes). No request logging, like our app at its default level. Run by `npm run bench` as its
 * own process (PORT and DATA_DIR from the environment).
 */
const sqlite = new SQLite(path.join(process.env.DATA_DIR!, 'app.sqlite'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = NORMAL');

const sessionByTokenHash = sqlite.prepare<
  [string],
  {
    sessionId: number;
    expiresAt: number;
    accountId: number;
    role: string;
    coupleId: number | null;
    accessLevel: string | null;
  }
>(
  `select sessions.id as sessionId, sessions.expires_at as expiresAt, accounts.id as accountId,
     accounts.role as role, accounts.couple_id as coupleId, couples.access_level as accessLevel
   from sessions
   inner join accounts on accounts.id = sessions.account_id
   left join couples on couples.id = accounts.couple_id
   where sessions.token_hash = ?`,
);
type SessionRow = NonNullable<ReturnType<typeof sessionByTokenHash.get>>;
const dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
let external = { version: dataVersion.get()!, at: performance.now() };
function currentDataVersion(): number {
  const now = performance.now();
  if (now - external.at >= OTHER_CONNECTIONS_CHECK_MS) external = { version: dataVersion.get()!, at: now };
  return external.version;
}
const remembered = new Map<string, { row: SessionRow; version: number }>();
function sessionOf(token: string): SessionRow | undefined {
  const version = currentDataVersion();
  const known = remembered.get(token);
  if (known && known.version === version) return known.row;
  const row = sessionByTokenHash.get(createHash('sha256').update(token).digest('hex'));
  if (row) remembered.set(token, { row, version });
  else remembered.delete(token);
  return row;
}

const completedWeeksOf = sqlite
  .prepare<[number], number>(
    'select week_number from progress where couple_id = ? and completed_at is not null order by week_number',
  )
  .pluck();

/** The `sid` value of a Cookie header (what cookie-parser would give as req.cookies.sid). */
function sessionToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === 'sid') return decodeURIComponent(pair.slice(eq + 1).trim());
  }
  return undefined;
}

const securityHeaders = Object.entries(apiHeaders(await helmetHeaders(loadConfig({ DATA_DIR: process.env.DATA_DIR }))));

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use((_req, res, next) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  next();
});

app.get('/api/user-progression/:userId', (req, res) => {
  const token = sessionToken(req.headers.cookie);
  const row = token && token.length <= 200 ? sessionOf(token) : undefined;
  if (!row || row.expiresAt <= Date.now() || row.role !== 'couple' || row.coupleId == null || row.accessLevel == null) {
    res.status(401).json({ message: 'Please sign in to continue.' });
    return;
  }
  if (req.params.userId !== String(row.coupleId)) {
    res.status(403).json({ message: 'You can only access your own data.' });
    return;
  }
  const completedWeeks = completedWeeksOf.all(row.coupleId);
  res.json({
    totalCompleted: completedWeeks.length,
    progressPercentage: progressPercentage(completedWeeks.length),
    completedWeeks,
    nextWeek: nextWeek(completedWeeks),
  });
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
