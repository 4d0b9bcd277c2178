import { PDFDocument } from 'pdf-lib';
import { formatDate, formatList } from '../../../shared/i18n/format';
import type { Locale, MessageId } from '../../../shared/i18n/locales';
import { t } from '../i18n/translate';
import { embedPrintFonts, printText } from './fonts';
import { ACCENT, CONTENT_WIDTH, Flow, INK, MARGIN_X, MUTED, RULE, wrapText } from './framework-pdf';
import type { KeepsakeCover, KeepsakeInventory, KeepsakePart, KeepsakeWeek } from './keepsake-parts';

/*
 * "Our year", the couple's keepsake (docs/product.md#keepsake, decision 0166): a cover with both
 * names and the wedding date, then one section per completed week. Each part is its own small
 * PDF, rendered from one line of the couple's data file; buildKeepsake (pdf-work.ts) writes the
 * parts one at a time and merges them page by page, so memory holds one week at most.
 *
 * Whatever changes the output must bump KEEPSAKE_GENERATOR_VERSION (part of the cache key).
 */
export type { KeepsakePart } from './keepsake-parts';

/** `2027-06-12` as `12 June 2027` / `12 de junio de 2027`. */
export function longDate(isoDate: string, locale: Locale = 'en'): string {
  const day = isoDate.slice(0, 10);
  if (Number.isNaN(new Date(`${day}T00:00:00Z`).getTime())) return isoDate;
  return formatDate(locale, day);
}

async function newDocument(
  title: string,
  locale: Locale,
): Promise<{ pdf: PDFDocument; flow: Flow; clean: (text: string) => string }> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedPrintFonts(pdf);
  const clean = printText;
  pdf.setTitle(clean(title));
  pdf.setCreator('Vows & Weeks');
  pdf.setProducer('Vows & Weeks (pdf-lib)');
  pdf.setLanguage(locale);
  return { pdf, flow: new Flow(pdf, fonts, clean), clean };
}

function drawFooters(pdf: PDFDocument, flow: Flow, label: string): void {
  const { regular } = flow.fonts;
  const size = 8.5;
  const [line = ''] = wrapText(flow.clean(label), regular, size, CONTENT_WIDTH);
  for (const page of pdf.getPages()) {
    page.drawLine({
      start: { x: MARGIN_X, y: 44 },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: 44 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(line, { x: MARGIN_X, y: 30, size, font: regular, color: MUTED });
  }
}

function renderCover(flow: Flow, cover: KeepsakeCover): void {
  const { fonts } = flow;
  const locale = cover.locale ?? 'en';
  flow.space(150);
  flow.text('VOWS & WEEKS', { font: fonts.bold, size: 11, color: ACCENT });
  flow.space(10);
  flow.text(t(locale, 'pdf.keepsake.title'), { font: fonts.title, size: 44, color: INK, leading: 8 });
  flow.space(18);
  flow.text(t(locale, 'pdf.keepsake.names', { partner1: cover.partner1, partner2: cover.partner2 }), {
    font: fonts.title,
    size: 26,
    color: INK,
    leading: 8,
  });
  flow.space(10);
  if (cover.weddingDate) {
    flow.text(t(locale, 'pdf.keepsake.wedding', { date: longDate(cover.weddingDate, locale) }), {
      font: fonts.italic,
      size: 14,
      color: MUTED,
    });
  }
  flow.space(30);
  flow.text(t(locale, 'pdf.keepsake.weeksCompleted', { count: cover.weeksCompleted }), {
    font: fonts.regular,
    size: 12,
    color: INK,
  });
  if (cover.milestones.length > 0) {
    flow.space(8);
    flow.text(t(locale, 'pdf.keepsake.milestones', { list: formatList(locale, cover.milestones) }), {
      font: fonts.regular,
      size: 12,
      color: INK,
    });
  }
  if (cover.weeksCompleted === 0) {
    flow.space(8);
    flow.text(t(locale, 'pdf.keepsake.empty'), { font: fonts.italic, size: 11, color: MUTED });
  }
  flow.space(24);
  flow.text(t(locale, 'pdf.keepsake.madeOn', { date: longDate(cover.madeOn, locale) }), {
    font: fonts.regular,
    size: 10,
    color: MUTED,
  });
}

function renderWeek(flow: Flow, week: KeepsakeWeek): void {
  const { fonts } = flow;
  const locale = week.locale ?? 'en';
  const body = { font: fonts.regular, size: 11, leading: 4 };
  const label = { font: fonts.bold, size: 9, color: MUTED };
  flow.text(
    `${t(locale, 'pdf.keepsake.weekEyebrow', { week: week.weekNumber })}${week.phase ? `  \u00b7  ${week.phase.toLocaleUpperCase(locale)}` : ''}`,
    {
      font: fonts.bold,
      size: 10,
      color: ACCENT,
    },
  );
  flow.space(6);
  flow.text(week.title, { font: fonts.title, size: 24, color: INK, leading: 6 });
  flow.space(4);
  const facts = [
    week.completedAt ? t(locale, 'pdf.keepsake.completed', { date: longDate(week.completedAt, locale) }) : null,
    week.rating ? t(locale, 'pdf.keepsake.rating', { rating: week.rating }) : null,
  ].filter(Boolean);
  if (facts.length > 0) flow.text(facts.join('  ·  '), { font: fonts.italic, size: 11, color: MUTED });
  for (const milestone of week.milestones) {
    flow.space(6);
    flow.text(t(locale, 'pdf.keepsake.milestone', { milestone }), { font: fonts.bold, size: 11, color: ACCENT });
  }

  for (const partner of week.partners) {
    flow.heading(t(locale, 'pdf.keepsake.answersOf', { name: partner.name }), 60);
    const answered = partner.answers.filter((item) => item.answer.trim() !== '');
    if (answered.length === 0)
      flow.text(t(locale, 'pdf.keepsake.noAnswers'), { ...body, font: fonts.italic, color: MUTED });
    for (const item of answered) {
      flow.keep(40);
      flow.text(item.question, { font: fonts.bold, size: 10.5, leading: 4 });
      flow.text(item.answer, body);
      flow.space(6);
    }
    const extras: [string, string][] = [
      [t(locale, 'pdf.keepsake.discussion'), partner.discussionNotes],
      [t(locale, 'pdf.keepsake.activity'), partner.activityResponse],
      [t(locale, 'pdf.keepsake.commitment'), partner.commitment],
    ];
    for (const [title, text] of extras) {
      if (text.trim() === '') continue;
      flow.keep(40);
      flow.text(title, label);
      flow.text(text, body);
      flow.space(6);
    }
  }
  if (week.summary) {
    flow.heading(t(locale, 'pdf.keepsake.summary'), 40);
    flow.text(week.summary, body);
  }
  if (week.notes.trim() !== '') {
    flow.heading(t(locale, 'pdf.keepsake.notes'), 40);
    flow.text(week.notes, body);
  }
}

/** An answer in words, in the report's language: 0 not sure, 1 strongly disagree .. 5 strongly agree. */
export function answerLabel(locale: Locale, answer: number): string {
  return answer >= 0 && answer <= 5 ? t(locale, `inventory.scale.${answer}` as MessageId) : String(answer);
}

/**
 * The report of one round of "What we each expect", in its couple's language: per topic, what to
 * talk about (with both answers), what either is not sure of, what the two agree on; each topic
 * names its weeks.
 */
function renderInventory(flow: Flow, report: KeepsakeInventory): void {
  const { fonts } = flow;
  const { locale } = report;
  const body = { font: fonts.regular, size: 10.5, leading: 3 };
  flow.text(t(locale, 'pdf.inventory.heading', { round: report.round }), { font: fonts.bold, size: 10, color: ACCENT });
  flow.space(6);
  flow.text(`${report.partner1} & ${report.partner2}`, { font: fonts.title, size: 24, color: INK, leading: 6 });
  flow.space(4);
  flow.text(t(locale, 'pdf.inventory.finished', { date: formatDate(locale, report.revealedAt) }), {
    font: fonts.italic,
    size: 11,
    color: MUTED,
  });
  flow.space(6);
  flow.text(t(locale, 'inventory.notDiagnosis'), { font: fonts.italic, size: 10.5, color: MUTED, leading: 3 });
  for (const topic of report.topics) {
    flow.heading(topic.title, 80);
    flow.text(t(locale, 'pdf.inventory.weeks', { weeks: topic.weeks.join(', ') }), {
      font: fonts.italic,
      size: 10,
      color: MUTED,
    });
    if (topic.change) flow.text(topic.change, { font: fonts.bold, size: 10.5, color: ACCENT });
    flow.space(4);
    const groups: [MessageId, typeof topic.talk, boolean][] = [
      ['inventory.report.talk', topic.talk, true],
      ['inventory.report.unsure', topic.unsure, true],
      ['inventory.report.agree', topic.agree, false],
    ];
    for (const [label, items, withAnswers] of groups) {
      if (items.length === 0) continue;
      flow.keep(40);
      flow.text(t(locale, label).toLocaleUpperCase(locale), { font: fonts.bold, size: 9, color: MUTED });
      for (const item of items) {
        flow.keep(28);
        flow.text(item.text, body);
        if (withAnswers) {
          flow.text(
            `${report.partner1}: ${answerLabel(locale, item.partner1)}  \u00b7  ${report.partner2}: ${answerLabel(locale, item.partner2)}`,
            { font: fonts.italic, size: 9.5, color: MUTED },
          );
        }
        flow.space(3);
      }
      flow.space(4);
    }
  }
}

/** One part of the keepsake (the cover, one week, or an inventory report) as a PDF of its own. */
export async function renderKeepsakePart(part: KeepsakePart): Promise<Uint8Array> {
  const locale = part.locale ?? 'en';
  const keepsake = t(locale, 'pdf.keepsake.title');
  const title =
    part.kind === 'cover'
      ? keepsake
      : part.kind === 'inventory'
        ? t(locale, 'pdf.inventory.footer', { round: part.round })
        : t(locale, 'pdf.week.documentTitle', { week: part.weekNumber, title: part.title });
  const { pdf, flow } = await newDocument(title, locale);
  if (part.kind === 'cover') {
    renderCover(flow, part);
    drawFooters(pdf, flow, `Vows & Weeks  \u00b7  ${keepsake}`);
  } else if (part.kind === 'inventory') {
    renderInventory(flow, part);
    drawFooters(pdf, flow, t(locale, 'pdf.inventory.footer', { round: part.round }));
  } else {
    renderWeek(flow, part);
    drawFooters(
      pdf,
      flow,
      t(locale, 'pdf.keepsake.weekFooter', { keepsake, week: part.weekNumber, title: part.title }),
    );
  }
  return pdf.save();
}
