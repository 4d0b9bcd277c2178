import type { AppDeps } from '../../deps/app-deps';
import { nowIso } from '../../db/client';
import { deleteSessionsOfAccount } from '../auth/sessions';

export const DEMO_ORDER_COMPLETED = 'pi_demoCompleted0001';
export const DEMO_ORDER_PENDING = 'pi_demoPending00001';

/** A small, real PDF made with pdf-lib (tests and scripts use it as an upload). */
export async function makeSamplePdf(title: string, body: string): Promise<Uint8Array> {
  // Loaded here: the server's main thread otherwise never needs pdf-lib (decision 0176).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 770, size: 22, font: bold, color: rgb(0.45, 0.12, 0.3) });
  page.drawText(body, { x: 56, y: 730, size: 12, font: regular, maxWidth: 480, lineHeight: 16 });
  return pdf.save();
}

/**
 * Demo mode at start-up (docs/product.md#demo-mode). On: seeds the demo account (see seedDemo).
 * Off: the demo account, which everyone knows how to open, is closed: its sessions end (they were
 * started with the public demo code) and, through the orders service, its sample orders answer 404.
 * The demo email stays reserved, so no code of any kind opens the account while demo mode is off.
 */
export async function applyDemoMode(deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  if (!config.demoEmail) return;
  const demo = await db
    .selectFrom('accounts')
    .select(['id', 'couple_id as coupleId'])
    .where('email', '=', config.demoEmail)
    .where('role', '=', 'couple')
    .executeTakeFirst();
  if (demo?.coupleId != null) {
    // Databases seeded before decision 0094 left the pending sample order without a couple.
    await db
      .updateTable('orders')
      .set({ couple_id: demo.coupleId })
      .where('id', '=', DEMO_ORDER_PENDING)
      .where('couple_id', 'is', null)
      .execute();
  }
  if (config.demoMode) await seedDemo(deps, demo !== undefined);
  else if (demo) await deleteSessionsOfAccount(db, demo.id);
}

/**
 * The shared demo couple with sample progress and a completed and a pending sample order, both the demo couple's (so they are hidden with it).
 * Does nothing when the demo account already exists.
 */
async function seedDemo(deps: AppDeps, exists: boolean): Promise<void> {
  const { db, config } = deps;
  if (exists) return;

  const now = nowIso();
  const weddingDate = new Date(Date.now() + 180 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    const couple = await trx
      .insertInto('couples')
      .values({
        display_name: 'Alex',
        partner_name: 'Sam',
        wedding_date: weddingDate,
        access_level: 'full',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('accounts')
      .values({
        role: 'couple',
        couple_id: couple.id,
        username: null,
        email: config.demoEmail,
        password_hash: null,
        access_code_hash: null,
        created_at: now,
      })
      .execute();
    await trx
      .insertInto('progress')
      .values([
        {
          couple_id: couple.id,
          week_number: 1,
          notes: 'We learned to repeat back what we heard before answering.',
          rating: 5,
          completed_at: now,
          updated_at: now,
        },
        { couple_id: couple.id, week_number: 2, notes: '', rating: 4, completed_at: now, updated_at: now },
      ])
      .execute();
    await trx
      .insertInto('orders')
      .values([
        {
          id: DEMO_ORDER_COMPLETED,
          couple_id: couple.id,
          amount: 4900,
          first_name: 'Alex',
          last_name: 'Rivera',
          email: config.demoEmail,
          status: 'completed',
          created_at: now,
        },
        {
          id: DEMO_ORDER_PENDING,
          couple_id: couple.id,
          amount: 4900,
          first_name: 'Jordan',
          last_name: 'Lee',
          email: 'jordan.lee@example.com',
          status: 'pending',
          created_at: now,
        },
      ])
      .execute();
  });
  // No sample uploads: every week with content offers its generated printable (decision 0120), so
  // the demo shows the 52 weeks a fresh install offers.
}
