import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { embedPrintFonts, printText } from './fonts';
import { INK, MUTED, wrapText } from './framework-pdf';

/** What the printable gift card shows (decision 0242): every text already in the gift's language. */
export interface GiftCard {
  lang: string;
  title: string;
  heading: string;
  subtitle: string;
  message: string;
  from: string;
  codeLabel: string;
  redeemCode: string;
  openAt: string;
}

const WIDTH = 595.28;
const HEIGHT = 420.94; // A5 landscape: half an A4 sheet, folded or cut.
const MARGIN = 48;
const ACCENT = rgb(0.42, 0.18, 0.42);

/**
 * The gift card: one A5 landscape page with the couple's names, the giver's message, and the
 * redeem code and address, drawn in the DejaVu fonts so every name prints in its own letters.
 */
export async function renderGiftCardPdf(card: GiftCard): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(card.title);
  pdf.setLanguage(card.lang);
  const fonts = await embedPrintFonts(pdf);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({
    x: 16,
    y: 16,
    width: WIDTH - 32,
    height: HEIGHT - 32,
    borderColor: ACCENT,
    borderWidth: 2,
  });
  let y = HEIGHT - MARGIN - 10;
  const write = (text: string, font: PDFFont, size: number, color = INK, gap = 6) => {
    for (const line of wrapText(printText(text), font, size, WIDTH - 2 * MARGIN)) {
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= size + gap;
    }
  };
  write(card.heading, fonts.title, 22, ACCENT, 8);
  write(card.subtitle, fonts.regular, 11, MUTED);
  y -= 8;
  if (card.message) {
    write(card.message.slice(0, 600), fonts.italic, 12, INK, 5);
    y -= 2;
  }
  write(card.from, fonts.bold, 12);
  y = Math.min(y - 10, 130);
  write(card.codeLabel, fonts.regular, 10, MUTED, 4);
  write(card.redeemCode, fonts.bold, 24, INK, 10);
  write(card.openAt, fonts.regular, 10, MUTED);
  return pdf.save();
}
