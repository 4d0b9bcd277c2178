import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../platform/config';
import { ensurePrivateDir, writePrivateFile } from '../../platform/private-files';

/** One message as the worker hands it to a transport. */
export interface OutgoingMessage {
  /** The outbox row's id: names the .eml file. */
  id: number;
  kind: string;
  messageId: string;
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Where messages go, for the log: `smtp://host:port` (no credentials) or the outbox folder. */
  readonly description: string;
  /** Sends (or writes) the message; throws when the server refuses it or cannot be reached. */
  send(message: OutgoingMessage): Promise<{ file?: string }>;
  close(): void;
}

function mailOptions(message: OutgoingMessage) {
  return {
    messageId: message.messageId,
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
}

/** The outbox folder's name for a message: `000042-access-code.eml` (its queue id, then its kind). */
export function outboxFileName(id: number, kind: string): string {
  return `${String(id).padStart(6, '0')}-${kind}.eml`;
}

/** The queue id in an outbox file's name; null for any other file (which the app never touches). */
export function outboxFileId(name: string): number | null {
  const match = /^(\d{6,})-[a-z0-9-]+\.eml$/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * The transport of the configuration (docs/product.md#email): SMTP_URL's server, or without it
 * the outbox folder, where each message is a standard .eml file named by its queue id (a message
 * sent again replaces its own file), private like every file the app writes (decision 0096).
 */
export function createMailTransport(config: Config['mail']): MailTransport {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const smtpUrl = config.smtpUrl;
    const transporter = lazyTransporter((nodemailer) =>
      nodemailer.createTransport(smtpUrl, {
        // A slow or silent server fails the attempt (and is retried) instead of holding the worker.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } as never),
    );
    return {
      description: `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(message) {
        await (await transporter.get()).sendMail(mailOptions(message));
        return {};
      },
      close: () => transporter.close(),
    };
  }
  const writer = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    description: config.outboxDir,
    async send(message) {
      const info = await (await writer.get()).sendMail(mailOptions(message));
      await ensurePrivateDir(config.outboxDir);
      const file = path.join(config.outboxDir, outboxFileName(message.id, message.kind));
      await writePrivateFile(file, info.message as Buffer);
      return { file };
    },
    close: () => writer.close(),
  };
}

type Nodemailer = typeof import('nodemailer');

/**
 * A nodemailer transporter made on the first message: nodemailer is loaded only then, so a server
 * that has sent nothing since it started does not hold it in memory (issue 26's idle memory,
 * decision 0176).
 */
function lazyTransporter<T extends Transporter<unknown>>(make: (nodemailer: Nodemailer) => T) {
  let made: Promise<T> | undefined;
  let closed = false;
  return {
    get(): Promise<T> {
      if (!made) {
        const loading = import('nodemailer').then((module) => make((module.default ?? module) as Nodemailer));
        // A failed load is tried again with the next message.
        loading.catch(() => {
          if (made === loading) made = undefined;
        });
        made = loading;
      }
      return made;
    },
    close() {
      if (closed) return;
      closed = true;
      void made?.then((transporter) => transporter.close()).catch(() => undefined);
    },
  };
}
