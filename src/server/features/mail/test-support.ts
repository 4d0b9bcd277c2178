import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AppDeps } from '../../deps/app-deps';
import type { Clock } from './clock';

/** A clock tests move by hand: timers run when `advance` passes their time. */
export class FakeClock implements Clock {
  #now: number;
  #timers = new Map<number, { at: number; callback: () => void }>();
  #next = 1;

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Moves time on by `ms`, running the timers that come due, in order. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = Math.max(this.#now, due[1].at);
      due[1].callback();
    }
    this.#now = until;
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }
}

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** While set, every recipient is refused with this temporary (4xx) error. */
  refuseWith: string | null;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server, port 0): what it accepts is parsed with mailparser
 * into `received`; `refuseWith` makes it refuse recipients, as a busy server does.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refuseWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuseWith === null) return callback();
      const error = new Error(state.refuseWith) as Error & { responseCode: number };
      error.responseCode = 451;
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          state.received.push({ envelopeTo: session.envelope.rcptTo.map((to) => to.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}

/** The first personal access code (XXXX-XXXX-XXXX) in a text. */
export function codeIn(text: string | undefined): string {
  const match = /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(text ?? '');
  if (!match) throw new Error(`no access code in: ${text}`);
  return match[1]!;
}

/** Runs `action` as on a server whose mail leaves the machine (SMTP_URL set; no worker runs in tests). */
export async function withMailDelivered<T>(deps: Pick<AppDeps, 'config'>, action: () => Promise<T>): Promise<T> {
  const mail = deps.config.mail as { smtpUrl: string | undefined };
  const before = mail.smtpUrl;
  mail.smtpUrl = 'smtp://mail.example.com';
  try {
    return await action();
  } finally {
    mail.smtpUrl = before;
  }
}
