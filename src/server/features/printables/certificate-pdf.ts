import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, type rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { CertificateField, DeliveryMethod } from '../../../shared/certificate-states';
import { formatMinutes } from '../../../shared/certificate-hours';
import { PRINTED_CODE_LABEL } from '../../../shared/certificate-print';
import { embedPrintFonts, type Fonts, printText } from './fonts';
import { ACCENT, INK, MUTED, RULE, wrapText } from './framework-pdf';

/*
 * A premarital-education certificate (issue 37, docs/certificates.md): one page per partner where
 * the state files a certificate per person, one page naming both where it files one per couple;
 * each page prints the fields the state's rule lists (src/shared/certificate-states.ts), the
 * verification code and a QR code to PUBLIC_URL/verify/<code>. US letter, in English: it is a
 * document for a county clerk's office (decision 0249). Drawn in the PDF worker (decision 0121)
 * with the DejaVu fonts, so names in Latin, Greek or Cyrillic letters print as written.
 */

export interface CertificatePdfData {
  stateCode: string;
  stateName: string;
  statute: string;
  certificatePer: 'each-partner' | 'couple';
  fields: readonly CertificateField[];
  topics: readonly string[];
  firstLegalName: string;
  secondLegalName: string;
  /** Minutes: each partner's (their own plus together) and together. */
  minutes: { first: number; second: number; together: number };
  completionDate: string;
  intendedMarriageDate: string;
  issuedDate: string;
  deliveryMethod: DeliveryMethod;
  courseName: string;
  providerName: string;
  providerCredentials: string;
  providerRegistration: string;
  providerContact: string;
  signature: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null;
  verifyUrl: string;
  code: string;
}

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 60;
const CONTENT = WIDTH - 2 * MARGIN;

const DELIVERY_TEXT: Record<DeliveryMethod, string> = {
  'in-person': 'in person',
  video: 'by video',
  online: 'online (electronic)',
};

/** "2026-11-24" as "November 24, 2026". */
function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

class Page {
  y = HEIGHT - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  text(
    value: string,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; center?: boolean; gap?: number } = {},
  ) {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? 11;
    for (const line of wrapText(printText(value), font, size, CONTENT)) {
      this.y -= size * 1.35;
      const x = options.center ? (WIDTH - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 4;
  }

  rule() {
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: WIDTH - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 8;
  }
}

function drawPage(
  pdf: PDFDocument,
  fonts: Fonts,
  data: CertificatePdfData,
  images: { qr: PDFImage; signature: PDFImage | null },
  person: 'first' | 'second' | null,
) {
  const has = (field: CertificateField) => data.fields.includes(field);
  const page = new Page(pdf.addPage([WIDTH, HEIGHT]), fonts);
  if (has('providerLetterhead')) {
    page.text(data.providerName, { font: fonts.bold, size: 12, color: ACCENT, gap: 0 });
    page.text(data.providerContact, { size: 9, color: MUTED, gap: 0 });
    page.rule();
  }
  page.text('Certificate of Completion', { font: fonts.title, size: 24, center: true, color: ACCENT, gap: 2 });
  page.text('Premarital Preparation Course', { font: fonts.bold, size: 13, center: true, gap: 2 });
  page.text(`State of ${data.stateName} (${data.statute})`, { size: 10, center: true, color: MUTED, gap: 14 });

  const [named, other] =
    person === 'second' ? [data.secondLegalName, data.firstLegalName] : [data.firstLegalName, data.secondLegalName];
  page.text('This certifies that', { center: true, gap: 2 });
  page.text(named, { font: fonts.bold, size: 18, center: true, gap: 2 });
  if (person === null) {
    page.text('and', { center: true, gap: 2 });
    page.text(other, { font: fonts.bold, size: 18, center: true, gap: 8 });
  } else {
    page.text(`with their intended spouse ${other}`, { center: true, gap: 8 });
  }
  const course = has('courseName')
    ? `the premarital preparation course "${data.courseName}"`
    : 'a premarital preparation course';
  page.text(`completed ${course} on ${longDate(data.completionDate)}.`, { center: true, gap: 12 });
  page.rule();

  const hoursOf = person === 'second' ? data.minutes.second : person === 'first' ? data.minutes.first : null;
  if (hoursOf !== null) {
    page.text(`Hours completed by ${named}: ${formatMinutes(hoursOf)}`);
  } else {
    page.text(`Hours completed by ${data.firstLegalName}: ${formatMinutes(data.minutes.first)}`, { gap: 0 });
    page.text(`Hours completed by ${data.secondLegalName}: ${formatMinutes(data.minutes.second)}`);
  }
  if (has('hoursTogether')) page.text(`Hours completed together: ${formatMinutes(data.minutes.together)}`);
  if (has('deliveryMethod')) page.text(`Delivery method: ${DELIVERY_TEXT[data.deliveryMethod]}`);
  if (has('topicsCovered') && data.topics.length > 0) page.text(`Topics covered: ${data.topics.join('; ')}.`);
  page.text(`Intended date of marriage: ${longDate(data.intendedMarriageDate)}`);
  page.rule();

  page.text(`Provider: ${data.providerName}`, { font: fonts.bold });
  if (has('providerCredentials') && data.providerCredentials) page.text(`Credentials: ${data.providerCredentials}`);
  if (has('providerRegistration')) {
    page.text(`Registration (${data.stateCode}): ${data.providerRegistration || 'not registered'}`);
  }
  if (!has('providerLetterhead')) page.text(`Contact: ${data.providerContact}`, { size: 10, color: MUTED });

  if (has('providerSignature')) {
    page.y -= 8;
    if (images.signature) {
      const scale = Math.min(160 / images.signature.width, 50 / images.signature.height, 1);
      const height = images.signature.height * scale;
      page.page.drawImage(images.signature, {
        x: MARGIN,
        y: page.y - height,
        width: images.signature.width * scale,
        height,
      });
      page.y -= height + 2;
    } else {
      page.y -= 40;
    }
    page.page.drawLine({
      start: { x: MARGIN, y: page.y },
      end: { x: MARGIN + 220, y: page.y },
      thickness: 0.75,
      color: INK,
    });
    page.text("Provider's signature", { size: 9, color: MUTED, gap: 0 });
    if (has('signatureDate')) page.text(`Date signed: ${longDate(data.issuedDate)}`, { size: 10 });
  }

  if (has('notaryBlock')) {
    page.y -= 6;
    page.text('Notary', { font: fonts.bold, size: 10, gap: 0 });
    page.text(
      'State of ____________________  County of ____________________. Sworn to (or affirmed) and subscribed before me on ______________ by the provider named above. Signature of notary public: ______________________  My commission expires: ______________',
      { size: 9 },
    );
  }

  const qrSize = 84;
  page.page.drawImage(images.qr, { x: WIDTH - MARGIN - qrSize, y: MARGIN - 10, width: qrSize, height: qrSize });
  const footer = [
    `${PRINTED_CODE_LABEL} ${data.code}`,
    `Verify this certificate at ${data.verifyUrl}`,
    `Issued ${longDate(data.issuedDate)}.`,
  ];
  footer.forEach((line, index) => {
    page.page.drawText(printText(line), {
      x: MARGIN,
      y: MARGIN + 44 - index * 13,
      size: index === 0 ? 10 : 8.5,
      font: index === 0 ? fonts.bold : fonts.regular,
      color: index === 0 ? INK : MUTED,
      maxWidth: CONTENT - qrSize - 12,
    });
  });
}

/** The certificate's PDF bytes. */
export async function drawCertificate(data: CertificatePdfData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of Completion, ${data.stateName}`);
  pdf.setProducer('Vows & Weeks');
  pdf.setCreationDate(new Date(`${data.issuedDate}T00:00:00Z`));
  const fonts = await embedPrintFonts(pdf);
  const qrPng = await QRCode.toBuffer(data.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  const qr = await pdf.embedPng(qrPng);
  let signature: PDFImage | null = null;
  if (data.signature) {
    signature =
      data.signature.type === 'image/png'
        ? await pdf.embedPng(data.signature.bytes)
        : await pdf.embedJpg(data.signature.bytes);
  }
  const people: ('first' | 'second' | null)[] = data.certificatePer === 'each-partner' ? ['first', 'second'] : [null];
  for (const person of people) drawPage(pdf, fonts, data, { qr, signature }, person);
  return pdf.save();
}
