import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/translate';
import { bundledContentLibrary, bundledLibraryFor } from '../workbook/content-library';
import { ensurePrintable, printableKey } from './cache';
import { generateFrameworkPdf, type PrintableWeek } from './framework-pdf';
import type { KeepsakeWeek } from './keepsake-parts';
import { renderKeepsakePart } from './keepsake-pdf';
import { generatePrintableInWorker, jobWorker } from './pdf-jobs';
import { readIntoKeptBuffer, writePrintable } from './pdf-work';

/** The PDF's text with every run of whitespace made one space, as a reader would search it. */
async function textOf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}
const flat = (text: string) => text.replace(/\s+/g, ' ');

function week(weekNumber: number): PrintableWeek {
  return bundledContentLibrary().contentFor(weekNumber);
}

/** A week of the Spanish edition (decision 0232). */
function semana(weekNumber: number): PrintableWeek {
  return { ...bundledLibraryFor('es').contentFor(weekNumber), locale: 'es' };
}

describe('generateFrameworkPdf', () => {
  it("is a valid PDF holding the week's heading, questions, prompts, activity, commitments and cards", async () => {
    const content = week(7);
    const bytes = await generateFrameworkPdf(content);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Week 7: ${content.title}`);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 792 });

    const { pages, text } = await textOf(bytes);
    expect(pages).toBe(pdf.getPageCount());
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('WEEK 7 OF 52');
    expect(text).toContain('COMMUNICATION FOUNDATION');
    expect(text).toContain(flat(content.title));
    expect(text).toContain(flat(content.objective));
    for (const question of content.reflectionQuestions) expect(text).toContain(flat(question.question));
    for (const prompt of content.discussionPrompts) expect(text).toContain(flat(prompt));
    expect(text).toContain(flat(content.activity.title));
    for (const step of content.activity.steps) expect(text).toContain(flat(step));
    for (const example of content.commitmentExamples) expect(text).toContain(flat(example));
    for (const card of content.conversationCards) expect(text).toContain(flat(card.text));
    // Space to write for both partners under every question, and a footer on every page.
    expect(text.match(/PARTNER 1 /g)?.length).toBeGreaterThanOrEqual(content.reflectionQuestions.length);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
  });

  it("prints a Spanish week wholly in Spanish: its content and the page's own texts", async () => {
    const content = semana(7);
    const bytes = await generateFrameworkPdf(content);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Semana 7: ${content.title}`);
    const { pages, text } = await textOf(bytes);
    expect(text).toContain('SEMANA 7 DE 52 \u00b7 BASES DE LA COMUNICACI\u00d3N');
    expect(text).toContain(flat(content.title));
    expect(text).toContain('Preguntas para reflexionar');
    expect(text).toContain('Tarjetas de conversaci\u00f3n');
    for (const question of content.reflectionQuestions) expect(text).toContain(flat(question.question));
    for (const card of content.conversationCards) expect(text).toContain(flat(card.text));
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`P\u00e1gina ${page} de ${pages}`);
    // None of the English page texts is left.
    expect(text).not.toMatch(
      /\b(WEEK|Week|PARTNER|Reflection questions|Conversation cards|Page \d|OBJECTIVE|Our names)\b/,
    );
    expect(text).not.toContain(flat(week(7).title));
  });

  it('names the phase of a later week', async () => {
    const { text } = await textOf(await generateFrameworkPdf(week(40)));
    expect(text).toContain('WEEK 40 OF 52 · LASTING LOVE');
  });

  it('drops emoji, draws scripts the fonts lack as "?", and wraps a very long word', async () => {
    const content: PrintableWeek = {
      ...week(1),
      title: 'Café talks 💬 with 家族',
      activity: { title: 'A'.repeat(300), description: 'Naïve résumé\u00a0test', steps: [] },
    };
    const bytes = await generateFrameworkPdf(content);
    const { text } = await textOf(bytes);
    expect(text).toContain('Café talks with ??');
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(text).toContain('Naïve résumé test');
    expect(text.replace(/ /g, '')).toContain('A'.repeat(300));
  });

  it("prints the seller's course text in its own letters: Greek, Cyrillic, Vietnamese, typographic quotes and dashes", async () => {
    const base = week(2);
    const words = ['Γάμος', 'Свадьба', 'Hôn nhân', '“quotes” — dash'];
    const content: PrintableWeek = {
      ...base,
      title: 'Γάμος και Свадьба',
      objective: 'Hôn nhân là một hành trình.',
      reflectionQuestions: [{ ...base.reflectionQuestions[0]!, question: 'Τι σημαίνει ο Γάμος για σένα;' }],
      discussionPrompts: ['Что для вас значит Свадьба.'],
      // Typed with combining accents, as some keyboards do: printed composed.
      commitmentExamples: ['Ho\u0302n nha\u0302n, every day'],
      conversationCards: [{ ...base.conversationCards[0]!, text: 'Say it in “quotes” — dash and all.' }],
    };
    const bytes = await generateFrameworkPdf(content);
    const { text } = await textOf(bytes);
    for (const word of words) expect(text).toContain(word);
    expect(text).toContain('Hôn nhân, every day');
    expect(text).not.toContain('?');
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Week 2: Γάμος και Свадьба');
  });

  it('keeps every letter readable as text after an earlier document drew it only as part of another', async () => {
    // Fresh fonts, parsed once for the documents below (as in a new PDF worker).
    vi.resetModules();
    const fresh = (await import('./framework-pdf')).generateFrameworkPdf;
    // The title font draws these Greek and Cyrillic letters with Latin ones as their parts.
    await fresh({ ...week(3), title: 'Γάμος και Свадьба' });
    const { text } = await textOf(await fresh({ ...week(3), title: 'Our year, Łukasz & Thảo' }));
    // The heading, in the title font (the footer repeats the title in the regular one).
    expect(text).toContain('FOUNDATION Our year, Łukasz & Thảo This week');
    expect(text).not.toMatch(/\p{Cc}/u);
  });

  it('never starts a page with a writing space: each stays on the page of the question it answers', async () => {
    // A writing space is its label and its ruled lines, kept together: a page that begins with a
    // label is lines parted from their question, prompt, step or example on the page before. The
    // weeks are ones where that happened, in both languages: the second partner's lines under a
    // question, "How it went" under an activity, the commitments under their examples (issue 35).
    const parted: string[] = [];
    for (const locale of ['en', 'es'] as const) {
      const labels = (
        [
          'pdf.week.partner1',
          'pdf.week.partner2',
          'pdf.week.discussion.notes',
          'pdf.week.activity.howItWent',
          'pdf.week.commitment.partner1',
          'pdf.week.commitment.partner2',
        ] as const
      ).map((id) => t(locale, id));
      for (const weekNumber of [1, 3, 52]) {
        const content = locale === 'es' ? semana(weekNumber) : week(weekNumber);
        const { text: pages } = await extractText(await generateFrameworkPdf(content), { mergePages: false });
        pages.forEach((page, index) => {
          const top = page.trimStart();
          const label = labels.find((candidate) => top.startsWith(candidate));
          if (index > 0 && label) parted.push(`${locale} week ${weekNumber}, page ${index + 1}: ${label}`);
        });
      }
    }
    expect(parted).toEqual([]);
  });

  it('embeds its fonts as subsets of the characters it draws, so a week stays small', async () => {
    const bytes = await generateFrameworkPdf(week(7));
    expect(await embeddedFontFiles(bytes)).toHaveLength(4);
    expect(bytes.length).toBeLessThan(80_000);
  });
});

describe('the keepsake', () => {
  const answered: KeepsakeWeek = {
    kind: 'week',
    weekNumber: 3,
    title: 'Listening',
    phase: 'Communication Foundation',
    completedAt: '2027-01-20T10:00:00.000Z',
    rating: 5,
    notes: 'Σ΄αγαπώ. Я тебя люблю. Anh yêu em. 我爱你 💞',
    summary: null,
    partners: [
      {
        name: 'Łukasz',
        answers: [
          { question: 'What did you hear?', answer: 'Gülşen słucha uważnie 😊' },
          { question: 'Typed with combining accents?', answer: 'Zoe\u0308 and Tha\u0309o' },
        ],
        discussionNotes: '',
        activityResponse: '',
        commitment: '',
      },
    ],
    milestones: [],
  };

  it('prints the cover and a week in Spanish for a Spanish-speaking partner', async () => {
    const cover = await renderKeepsakePart({
      kind: 'cover',
      locale: 'es',
      partner1: 'Luc\u00eda',
      partner2: 'Mateo',
      weddingDate: '2027-06-12',
      weeksCompleted: 13,
      milestones: ['\u00a1Comenz\u00f3 el camino!', 'Primer trimestre logrado'],
      madeOn: '2027-03-01',
    });
    const { text: coverText } = await textOf(cover);
    expect((await PDFDocument.load(cover)).getTitle()).toBe('Nuestro a\u00f1o');
    expect(coverText).toContain('Nuestra boda: 12 de junio de 2027');
    expect(coverText).toContain('13 semanas del curso completadas en pareja.');
    expect(coverText).toContain('Creado el 1 de marzo de 2027.');
    const weekPdf = await renderKeepsakePart({
      ...answered,
      locale: 'es',
      title: 'Escuchar',
      phase: 'Bases de la comunicaci\u00f3n',
      summary: 'Un resumen.',
    });
    const { text } = await textOf(weekPdf);
    expect(text).toContain('SEMANA 3');
    expect(text).toContain('Completada el 20 de enero de 2027');
    expect(text).toContain('Nuestra calificaci\u00f3n: 5 de 5');
    expect(text).toContain('Respuestas de \u0141ukasz');
    expect(text).toContain('Nuestro resumen');
    expect(`${coverText} ${text}`).not.toMatch(/\b(Our|Week|WEEK|Completed|answers|Made on|weeks)\b/);
  });

  it('prints names and answers in their own letters: Latin alphabets, Greek, Cyrillic, Vietnamese', async () => {
    const cover = await renderKeepsakePart({
      kind: 'cover',
      partner1: 'Łukasz',
      partner2: 'Thảo',
      weddingDate: '2027-06-12',
      weeksCompleted: 3,
      milestones: [],
      madeOn: '2027-06-01',
    });
    expect((await textOf(cover)).text).toContain('Łukasz & Thảo');
    const { text } = await textOf(await renderKeepsakePart(answered));
    expect(text).toContain('Łukasz’s answers');
    expect(text).toContain('Gülşen słucha uważnie');
    expect(text).toContain('Σ΄αγαπώ. Я тебя люблю. Anh yêu em.');
    expect(text).toContain('Zoë and Thảo');
    // Scripts the fonts lack become '?', and emoji are dropped rather than shown as a mistake.
    expect(text).toContain('Anh yêu em. ???');
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('embeds only the characters it draws, so each week stays small', async () => {
    const bytes = await renderKeepsakePart(answered);
    expect(await embeddedFontFiles(bytes)).toHaveLength(4);
    expect(bytes.length).toBeLessThan(120_000);
  });
});

describe('the printables cache', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'printables-'));
    dirs.push(dir);
    return path.join(dir, 'printables');
  }

  it('generates a week once and reuses the file while its content stays the same', async () => {
    const dir = tempDir();
    const generate = vi.fn(writePrintable);
    const first = await ensurePrintable(dir, week(3), generate);
    const again = await Promise.all([ensurePrintable(dir, week(3), generate), ensurePrintable(dir, week(3), generate)]);
    expect(again).toEqual([first, first]);
    expect(generate).toHaveBeenCalledTimes(1);
    expect(path.basename(first)).toMatch(/^week-03-[0-9a-f]{24}\.pdf$/);
    expect(fs.statSync(first).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect((await PDFDocument.load(fs.readFileSync(first))).getTitle()).toBe(`Week 3: ${week(3).title}`);
  });

  it('draws one week after another in the one kept worker thread (decision 0295)', async () => {
    const dir = tempDir();
    jobWorker.close();
    const threadsBefore = jobWorker.started;
    const fourth = await ensurePrintable(dir, week(4), generatePrintableInWorker);
    const fifth = await ensurePrintable(dir, week(5), generatePrintableInWorker);
    expect(jobWorker.started - threadsBefore).toBe(1);
    expect(jobWorker.alive).toBe(true);
    expect((await PDFDocument.load(fs.readFileSync(fourth))).getTitle()).toBe(`Week 4: ${week(4).title}`);
    expect((await PDFDocument.load(fs.readFileSync(fifth))).getTitle()).toBe(`Week 5: ${week(5).title}`);
  });

  it('makes a new file when the content changes and removes the old one', async () => {
    const dir = tempDir();
    const before = await ensurePrintable(dir, week(3), writePrintable);
    const other = await ensurePrintable(dir, week(4), writePrintable);
    const edited = { ...week(3), title: 'Edited title' };
    const after = await ensurePrintable(dir, edited, writePrintable);
    expect(after).not.toBe(before);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(after), path.basename(other)].sort());
    const { text } = await textOf(fs.readFileSync(after));
    expect(text).toContain('Edited title');
  });

  it("keeps each language's file of a week apart: a Spanish file never replaces the English one", async () => {
    const dir = tempDir();
    const english = await ensurePrintable(dir, week(3), writePrintable);
    const spanish = await ensurePrintable(dir, semana(3), writePrintable);
    expect(path.basename(spanish)).toMatch(/^week-03-es-[0-9a-f]{24}\.pdf$/);
    expect(printableKey(semana(3))).not.toBe(printableKey(week(3)));
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(english), path.basename(spanish)].sort());
    const edited = await ensurePrintable(dir, { ...semana(3), title: 'Otro t\u00edtulo' }, writePrintable);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(english), path.basename(edited)].sort());
  });

  it('keys on what is printed only: a summary topic is not on the page', () => {
    const content = week(5);
    const retopiced = {
      ...content,
      reflectionQuestions: content.reflectionQuestions.map((question) => ({ ...question, topic: 'other' })),
    };
    expect(printableKey(retopiced)).toBe(printableKey(content));
    expect(printableKey({ ...content, objective: `${content.objective} More.` })).not.toBe(printableKey(content));
  });
});

describe('readIntoKeptBuffer (the reading worker reuses one buffer, decision 0188)', () => {
  it('answers exactly the bytes of each file, a shorter one after a longer one included, in one buffer', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-buffer-'));
    try {
      const long = path.join(dir, 'long.pdf');
      const short = path.join(dir, 'short.pdf');
      fs.writeFileSync(long, Buffer.alloc(100_000, 0x41));
      fs.writeFileSync(short, 'short file');
      const first = await readIntoKeptBuffer(long);
      expect(first.length).toBe(100_000);
      const second = await readIntoKeptBuffer(short);
      expect(Buffer.from(second).toString()).toBe('short file');
      expect(second.buffer).toBe(first.buffer);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The font programs a PDF embeds (each subset is one /FontFile2 stream). */
async function embeddedFontFiles(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object.toString())
    .filter((text) => text.includes('/FontFile2'));
}
