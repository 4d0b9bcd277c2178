import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { embedPrintFonts, type Fonts, printText } from './fonts';
import { t } from '../i18n/translate';
import { localeOf, phaseLabel, type PrintableWeek } from './printable-week';

export { PRINTABLE_GENERATOR_VERSION, type PrintableWeek, phaseOf, printableFields } from './printable-week';

/**
 * The printable framework of one week, generated from the week's content with pdf-lib (decision
 * 0120): a heading with the week, its phase, title, focus and objective; the reflection questions,
 * each with ruled space for both partners; the discussion prompts; the activity and its steps; the
 * commitment, with examples and space to write; and the conversation cards to cut out. Every page
 * has a footer with the week and the page number.
 *
 * The page is 595 x 792 points: the width of A4 and the height of US Letter, so it prints at actual
 * size on either paper without clipping anything.
 *
 * The text is drawn in the embedded DejaVu subsets of fonts.ts (decision 0193), as the keepsake's.
 *
 * Whatever changes the output (layout, texts, fonts) must bump PRINTABLE_GENERATOR_VERSION
 * (printable-week.ts), which is part of the cache key: cached files of the old layout are then
 * regenerated.
 */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 792;
export const MARGIN_X = 56;
const MARGIN_TOP = 56;
const MARGIN_BOTTOM = 64;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

export const INK = rgb(0.13, 0.13, 0.16);
export const MUTED = rgb(0.36, 0.36, 0.42);
export const ACCENT = rgb(0.45, 0.12, 0.3);
export const RULE = rgb(0.72, 0.72, 0.76);
export const TINT = rgb(0.97, 0.94, 0.96);

/** Handwriting needs about 22 points a line. */
const WRITING_LINE_GAP = 22;

interface TextStyle {
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
  /** Extra space between lines, on top of the font size. */
  leading?: number;
  indent?: number;
  width?: number;
}

const wordWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of `word` at size 1, measured once per font: an embedded font measures by laying the
 * text out with its OpenType tables, far slower than a standard font's table of widths, and line
 * breaking asks about the same words again and again.
 */
function unitWidth(font: PDFFont, word: string): number {
  let widths = wordWidths.get(font);
  if (!widths) {
    widths = new Map();
    wordWidths.set(font, widths);
  }
  let width = widths.get(word);
  if (width === undefined) {
    width = font.widthOfTextAtSize(word, 1);
    widths.set(word, width);
  }
  return width;
}

/**
 * Greedy line breaking on spaces; a word wider than the line is broken between characters. A
 * line's width is the sum of its words' and spaces' widths (kerning across a space is nil).
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = unitWidth(font, ' ') * size;
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = unitWidth(font, word) * size;
      const candidateWidth = line === '' ? wordWidth : lineWidth + space + wordWidth;
      if (candidateWidth <= width) {
        line = line === '' ? word : `${line} ${word}`;
        lineWidth = candidateWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineWidth = font.widthOfTextAtSize(rest, size);
    }
    lines.push(line);
  }
  return lines;
}

/** A cursor that flows blocks down the page and starts a new page when one does not fit. */
export class Flow {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly clean: (text: string) => string,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
    return this.page;
  }

  /**
   * Starts a new page unless `height` points still fit on this one. At the top of a page already,
   * a block taller than the page stays: a new page would only leave this one blank.
   */
  keep(height: number): void {
    if (this.y - height < MARGIN_BOTTOM && this.y < PAGE_HEIGHT - MARGIN_TOP) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  lineHeight(style: TextStyle): number {
    return style.size + (style.leading ?? style.size * 0.4);
  }

  lines(text: string, style: TextStyle): string[] {
    return wrapText(this.clean(text), style.font, style.size, (style.width ?? CONTENT_WIDTH) - (style.indent ?? 0));
  }

  /** The height `text` takes in `style`. */
  measure(text: string, style: TextStyle): number {
    return this.lines(text, style).length * this.lineHeight(style);
  }

  /** Draws wrapped text from the cursor down, breaking pages between lines. */
  text(text: string, style: TextStyle, x = MARGIN_X): void {
    const height = this.lineHeight(style);
    for (const line of this.lines(text, style)) {
      this.keep(height);
      this.y -= height;
      this.page.drawText(line, {
        x: x + (style.indent ?? 0),
        y: this.y + (height - style.size) * 0.55,
        size: style.size,
        font: style.font,
        color: style.color ?? INK,
      });
    }
  }

  /** A section heading with a thin accent rule, kept with at least `following` points after it. */
  heading(text: string, following = 80): void {
    const style = { font: this.fonts.bold, size: 15, color: ACCENT };
    this.space(14);
    this.keep(this.measure(text, style) + 10 + following);
    this.text(text, style);
    this.space(4);
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y },
      thickness: 0.8,
      color: ACCENT,
    });
    this.space(8);
  }

  private writingLabel(): TextStyle {
    return { font: this.fonts.bold, size: 9, color: MUTED };
  }

  /** The height writingSpace() keeps together: its label and its lines. */
  writingHeight(lines: number, label?: string): number {
    return (label ? this.measure(label, this.writingLabel()) : 0) + lines * WRITING_LINE_GAP + 4;
  }

  /** Ruled lines to write on, under an optional label, kept together on one page. */
  writingSpace(lines: number, label?: string): void {
    this.keep(this.writingHeight(lines, label));
    if (label) this.text(label, this.writingLabel());
    for (let index = 0; index < lines; index += 1) {
      this.y -= WRITING_LINE_GAP;
      this.page.drawLine({
        start: { x: MARGIN_X, y: this.y },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    }
    this.space(6);
  }

  /**
   * A numbered or bulleted list item with a hanging indent. `keepWith`: the points of what must
   * follow it on the same page (the writing space that answers it); the whole item is kept with
   * them, else only its first two lines are kept together.
   */
  item(marker: string, text: string, style: TextStyle, keepWith = 0): void {
    const indent = 20;
    const height = this.measure(text, { ...style, indent });
    this.keep(keepWith > 0 ? height + keepWith : Math.min(height, this.lineHeight(style) * 2));
    const top = this.y;
    const page = this.page;
    const firstLine = this.lineHeight(style);
    this.text(text, { ...style, indent });
    // The marker goes beside the first line, on the page where it starts (keep() above makes sure the
    // first line is on this page).
    page.drawText(marker, {
      x: MARGIN_X + 2,
      y: top - firstLine + (firstLine - style.size) * 0.55,
      size: style.size,
      font: this.fonts.bold,
      color: ACCENT,
    });
    this.space(4);
  }
}

/** The week's heading block on the first page. */
function drawHeading(flow: Flow, week: PrintableWeek): void {
  const { fonts } = flow;
  const locale = localeOf(week);
  const phase = phaseLabel(locale, week.weekNumber);
  const eyebrow = t(locale, 'pdf.week.eyebrow', { week: week.weekNumber, total: TOTAL_WEEKS });
  flow.text(`${eyebrow}${phase ? `  \u00b7  ${phase.toLocaleUpperCase(locale)}` : ''}`, {
    font: fonts.bold,
    size: 10,
    color: ACCENT,
  });
  flow.space(6);
  flow.text(week.title, { font: fonts.title, size: 26, color: INK, leading: 6 });
  flow.space(4);
  flow.text(t(locale, 'pdf.week.thisWeek', { focus: week.focus }), { font: fonts.italic, size: 11.5, color: MUTED });
  flow.space(12);

  // The objective in a tinted box.
  const style = { font: fonts.regular, size: 11, leading: 5, width: CONTENT_WIDTH - 28 };
  const labelStyle = { font: fonts.bold, size: 9, color: ACCENT };
  const height = flow.measure(week.objective, style) + flow.lineHeight(labelStyle) + 22;
  flow.keep(height);
  flow.page.drawRectangle({
    x: MARGIN_X,
    y: flow.y - height,
    width: CONTENT_WIDTH,
    height,
    color: TINT,
    borderColor: ACCENT,
    borderWidth: 0,
  });
  flow.page.drawRectangle({ x: MARGIN_X, y: flow.y - height, width: 3, height, color: ACCENT });
  flow.space(10);
  flow.text(t(locale, 'pdf.week.objective'), labelStyle, MARGIN_X + 14);
  flow.text(week.objective, style, MARGIN_X + 14);
  flow.space(24);
  flow.text(t(locale, 'pdf.week.namesLine'), { font: fonts.regular, size: 10, color: MUTED });
}

function drawReflection(flow: Flow, week: PrintableWeek): void {
  const { fonts } = flow;
  const locale = localeOf(week);
  flow.heading(t(locale, 'pdf.week.reflection.heading'), 140);
  flow.text(t(locale, 'pdf.week.reflection.help'), { font: fonts.italic, size: 10, color: MUTED });
  flow.space(6);
  const questionStyle = { font: fonts.bold, size: 11, leading: 4 };
  const partner1 = t(locale, 'pdf.week.partner1');
  const partner2 = t(locale, 'pdf.week.partner2');
  // A question and both partners' writing spaces share a page: kept with only the first, the
  // second partner's lines began the next page, away from the question they answer (issue 35).
  const answers = 4 + flow.writingHeight(3, partner1) + 6 + flow.writingHeight(3, partner2);
  week.reflectionQuestions.forEach((question, index) => {
    flow.space(6);
    flow.item(`${index + 1}.`, question.question, questionStyle, answers);
    flow.writingSpace(3, partner1);
    flow.writingSpace(3, partner2);
  });
}

function drawDiscussion(flow: Flow, week: PrintableWeek): void {
  const { fonts } = flow;
  const locale = localeOf(week);
  flow.heading(t(locale, 'pdf.week.discussion.heading'));
  const style = { font: fonts.regular, size: 11, leading: 4 };
  const notes = t(locale, 'pdf.week.discussion.notes');
  // The last prompt stays with the space for notes, so the lines never start a page on their own.
  const last = week.discussionPrompts.length - 1;
  for (const [index, prompt] of week.discussionPrompts.entries()) {
    flow.item(`${index + 1}.`, prompt, style, index === last ? 8 + flow.writingHeight(4, notes) : 0);
  }
  flow.space(4);
  flow.writingSpace(4, notes);
}

function drawActivity(flow: Flow, week: PrintableWeek): void {
  const { fonts } = flow;
  const locale = localeOf(week);
  flow.heading(t(locale, 'pdf.week.activity.heading', { title: week.activity.title }));
  const style = { font: fonts.regular, size: 11, leading: 4 };
  const howItWent = t(locale, 'pdf.week.activity.howItWent');
  const answer = 8 + flow.writingHeight(3, howItWent);
  const { steps } = week.activity;
  // The last step, or the description of an activity without steps, stays with the space to write.
  if (steps.length === 0) flow.keep(flow.measure(week.activity.description, style) + 6 + answer);
  flow.text(week.activity.description, style);
  flow.space(6);
  for (const [index, step] of steps.entries()) {
    flow.item(`${index + 1}.`, step, style, index === steps.length - 1 ? answer : 0);
  }
  flow.space(4);
  flow.writingSpace(3, howItWent);
}

function drawCommitment(flow: Flow, week: PrintableWeek): void {
  const { fonts } = flow;
  const locale = localeOf(week);
  flow.heading(t(locale, 'pdf.week.commitment.heading'));
  flow.text(t(locale, 'pdf.week.commitment.ideas'), { font: fonts.italic, size: 10, color: MUTED });
  flow.space(4);
  const style = { font: fonts.regular, size: 11, leading: 4 };
  const partner1 = t(locale, 'pdf.week.commitment.partner1');
  const partner2 = t(locale, 'pdf.week.commitment.partner2');
  // The last example stays with both partners' spaces to write their commitment.
  const answers = 8 + flow.writingHeight(2, partner1) + 6 + flow.writingHeight(2, partner2);
  const last = week.commitmentExamples.length - 1;
  for (const [index, example] of week.commitmentExamples.entries()) {
    flow.item('•', example, style, index === last ? answers : 0);
  }
  flow.space(4);
  flow.writingSpace(2, partner1);
  flow.writingSpace(2, partner2);
}

/** The conversation cards, two to a row in dashed boxes to cut out. */
function drawCards(flow: Flow, week: PrintableWeek): void {
  const { fonts } = flow;
  const locale = localeOf(week);
  flow.heading(t(locale, 'pdf.week.cards.heading'), 120);
  flow.text(t(locale, 'pdf.week.cards.help'), { font: fonts.italic, size: 10, color: MUTED });
  flow.space(10);
  const gap = 14;
  const cardWidth = (CONTENT_WIDTH - gap) / 2;
  const padding = 12;
  const style = { font: fonts.regular, size: 11, leading: 4, width: cardWidth - 2 * padding };
  const labelStyle = { font: fonts.bold, size: 8, color: ACCENT };
  for (let index = 0; index < week.conversationCards.length; index += 2) {
    const row = week.conversationCards.slice(index, index + 2);
    const height = Math.max(
      84,
      ...row.map((card) => flow.measure(card.text, style) + flow.lineHeight(labelStyle) + 2 * padding + 6),
    );
    flow.keep(height + gap);
    const top = flow.y;
    row.forEach((card, column) => {
      const x = MARGIN_X + column * (cardWidth + gap);
      flow.page.drawRectangle({
        x,
        y: top - height,
        width: cardWidth,
        height,
        borderColor: RULE,
        borderWidth: 0.8,
        borderDashArray: [4, 3],
      });
      flow.y = top - padding + 4;
      flow.text(
        t(locale, 'pdf.week.cards.label', { week: week.weekNumber, card: index + column + 1 }),
        labelStyle,
        x + padding,
      );
      flow.space(4);
      flow.text(card.text, style, x + padding);
    });
    flow.y = top - height - gap;
  }
}

/** Footers once the page count is known: the week on the left, "Page i of n" on the right. */
function drawFooters(pdf: PDFDocument, fonts: Fonts, clean: (text: string) => string, week: PrintableWeek): void {
  const pages = pdf.getPages();
  const locale = localeOf(week);
  const left = clean(t(locale, 'pdf.week.footer', { week: week.weekNumber, title: week.title }));
  const size = 8.5;
  pages.forEach((page, index) => {
    const right = t(locale, 'pdf.week.page', { page: index + 1, pages: pages.length });
    const rightWidth = fonts.regular.widthOfTextAtSize(right, size);
    const [leftLine = ''] = wrapText(left, fonts.regular, size, CONTENT_WIDTH - rightWidth - 24);
    page.drawLine({
      start: { x: MARGIN_X, y: 44 },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: 44 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(leftLine, { x: MARGIN_X, y: 30, size, font: fonts.regular, color: MUTED });
    page.drawText(right, { x: MARGIN_X + CONTENT_WIDTH - rightWidth, y: 30, size, font: fonts.regular, color: MUTED });
  });
}

/** Builds the printable PDF of one week from its content. */
export async function generateFrameworkPdf(week: PrintableWeek): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  // The seller's course text in its own letters (Greek, Cyrillic, Vietnamese...), as subsets of
  // the characters the week draws (decision 0193).
  const fonts = await embedPrintFonts(pdf);
  const clean = printText;
  pdf.setTitle(clean(t(localeOf(week), 'pdf.week.documentTitle', { week: week.weekNumber, title: week.title })));
  pdf.setSubject(clean(week.objective));
  pdf.setAuthor('Vows & Weeks');
  pdf.setCreator('Vows & Weeks');
  pdf.setProducer('Vows & Weeks (pdf-lib)');
  pdf.setLanguage(localeOf(week));

  const flow = new Flow(pdf, fonts, clean);
  drawHeading(flow, week);
  drawReflection(flow, week);
  drawDiscussion(flow, week);
  drawActivity(flow, week);
  drawCommitment(flow, week);
  drawCards(flow, week);
  drawFooters(pdf, fonts, clean, week);
  return pdf.save();
}
