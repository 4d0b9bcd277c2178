import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { nowIso } from '../../db/client';
import type { AppDeps } from '../../deps/app-deps';
import { generateOrderId } from './service';

/** Page width that marks a week in test PDFs, so a merged file shows its week order. */
export const testPageWidth = (weekNumber: number) => 200 + weekNumber;

/** Stores a framework row and its PDF file (pages as wide as `testPageWidth(week)`), as an upload would. */
export async function addFramework(
  deps: AppDeps,
  weekNumber: number,
  options: { pages?: number; fileName?: string; bytes?: Uint8Array } = {},
): Promise<string> {
  let bytes = options.bytes;
  if (!bytes) {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < (options.pages ?? 1); i += 1) pdf.addPage([testPageWidth(weekNumber), 300]);
    bytes = await pdf.save();
  }
  const fileName = options.fileName ?? `week-${weekNumber}-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`;
  await fs.mkdir(deps.config.pdfDir, { recursive: true });
  await fs.writeFile(path.join(deps.config.pdfDir, fileName), bytes);
  await deps.db
    .insertInto('frameworks')
    .values({
      week_number: weekNumber,
      title: `Week ${weekNumber}`,
      description: '',
      file_name: fileName,
      file_size: bytes.length,
      uploaded_at: nowIso(),
    })
    .execute();
  return fileName;
}

export async function addOrder(
  deps: AppDeps,
  options: { status?: string; amount?: number; email?: string; coupleId?: number | null } = {},
) {
  const order = {
    id: generateOrderId(),
    couple_id: options.coupleId ?? null,
    amount: options.amount ?? 4900,
    first_name: 'Noor',
    last_name: 'Haddad',
    email: options.email ?? 'noor@example.com',
    status: options.status ?? 'completed',
    created_at: nowIso(),
  };
  await deps.db.insertInto('orders').values(order).execute();
  return order;
}
