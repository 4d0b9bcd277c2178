import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * The e2e servers have no SMTP_URL, so every email is an .eml file in DATA_DIR/outbox
 * (docs/product.md#email), named after its kind. Waits until the mail worker has written the newest
 * email of `kind` to `email` in `dataDir`, and returns it parsed.
 */
export async function mailTo(dataDir: string, kind: string, email: string): Promise<ParsedMail> {
  const outboxDir = path.join(dataDir, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outboxDir)
          ? fs.readdirSync(outboxDir).filter((file) => file.endsWith(`-${kind}.eml`))
          : [];
        for (const file of files.sort().reverse()) {
          const parsed = await simpleParser(fs.readFileSync(path.join(outboxDir, file)));
          const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '';
          if (to === email) {
            found = parsed;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The personal access code in an email's text. */
export function accessCodeIn(mail: ParsedMail): string | undefined {
  return /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(mail.text ?? '')?.[1];
}
