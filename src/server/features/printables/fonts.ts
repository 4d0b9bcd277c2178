import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/*
 * The fonts of every PDF the app draws (decisions 0191 and 0193): DejaVu Sans and DejaVu Serif
 * Bold, embedded as subsets, so a couple's names and answers in the keepsake, and the seller's
 * course text in the weekly printables, print in their own letters: the Latin alphabets (Polish,
 * Turkish, Vietnamese...), Greek and Cyrillic. pdf-lib's standard fonts know WinAnsi only, where
 * "Łukasz" would print as "?ukasz". Loaded in the PDF worker only, like pdf-lib itself.
 */
/** The four faces a PDF draws with, embedded in one document (embedPrintFonts). */
export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  title: PDFFont;
}

const FILES: Record<keyof Fonts, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  title: 'DejaVuSerif-Bold.ttf',
};

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

let files: Record<keyof Fonts, Uint8Array> | undefined;
const parsed = new Map<Uint8Array, FontkitFont>();
let shared: Set<number> | undefined;
let cleaner: ((text: string) => string) | undefined;

function fontFiles(): Record<keyof Fonts, Uint8Array> {
  if (!files) {
    const require = createRequire(import.meta.url);
    const read = (name: string) => new Uint8Array(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));
    files = {
      regular: read(FILES.regular),
      bold: read(FILES.bold),
      italic: read(FILES.italic),
      title: read(FILES.title),
    };
  }
  return files;
}

/**
 * fontkit for pdf-lib that parses each font file once per worker (pdf-lib parses it again for
 * every document, and the keepsake makes one document per week; each document's subset is made
 * apart from the parsed font), and maps text to glyphs without OpenType shaping. pdf-lib lays out
 * every line it draws or measures with the font's GSUB and GPOS tables, which made a year's
 * keepsake 20 times slower to draw; the scripts these fonts draw need no shaping, and the standard
 * fonts never kerned either. Text is in composed form (NFC, printText), one glyph a letter.
 */
const parseOnce: Fontkit = {
  create(buffer, postscriptName) {
    let font = parsed.get(buffer);
    if (!font) {
      const parsedFont = fontkit.create(buffer, postscriptName) as unknown as FontkitFont;
      const glyphs = (text: string) => ({ glyphs: parsedFont.glyphsForString(text) });
      parsedFont.layout = glyphs as unknown as FontkitFont['layout'];
      // A glyph first met as a part of another (DejaVu draws some Greek and Cyrillic letters with
      // Latin ones inside) while an earlier document was subset is kept without its character, and
      // every later document would then map it to no text: copied or extracted, "year" read
      // "ye?r". Looked up by its character, it gets that character (the PDF's ToUnicode map is
      // made from it).
      const getGlyph = parsedFont.getGlyph.bind(parsedFont);
      parsedFont.getGlyph = ((id: number, characters: number[] = []) => {
        const glyph = getGlyph(id, characters);
        if (glyph && glyph.codePoints.length === 0 && characters.length > 0) {
          (glyph as { codePoints: number[] }).codePoints = characters;
        }
        return glyph;
      }) as FontkitFont['getGlyph'];
      font = parsedFont;
      parsed.set(buffer, font);
    }
    return font;
  },
};

/** The four fonts, embedded in `pdf` as subsets of the characters it draws. */
export async function embedPrintFonts(pdf: PDFDocument): Promise<Fonts> {
  pdf.registerFontkit(parseOnce);
  const bytes = fontFiles();
  return {
    regular: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
    italic: await pdf.embedFont(bytes.italic, { subset: true }),
    title: await pdf.embedFont(bytes.title, { subset: true }),
  };
}

/**
 * The characters every one of the four fonts can draw, so a text looks the same in any of them;
 * scripts beyond these (Chinese, Arabic, Hebrew...), which would also need shaping or right-to-left
 * layout that pdf-lib does not do, go through the sanitizer as before.
 */
export function printCharacterSet(): Set<number> {
  if (!shared) {
    const bytes = fontFiles();
    const sets = (Object.keys(FILES) as (keyof Fonts)[]).map(
      (key) => new Set(parseOnce.create(bytes[key]).characterSet),
    );
    const [first, ...rest] = sets;
    shared = new Set([...(first ?? [])].filter((code) => rest.every((set) => set.has(code))));
  }
  return shared;
}

/** Characters the fonts cannot draw (not in `supported`) are replaced by their plain-letter form, or '?'. */
export function makeSanitizer(supported: ReadonlySet<number>): (text: string) => string {
  const replacements: Record<string, string> = {
    '\u00a0': ' ',
    '\u2009': ' ',
    '\u202f': ' ',
    '\u2011': '-',
    '\u2012': '-',
    '\u2010': '-',
    '\u2212': '-',
    '\u2032': "'",
    '\u2033': '"',
  };
  return (text: string) => {
    let out = '';
    for (const char of text.replace(/\r\n?/g, '\n')) {
      const code = char.codePointAt(0) ?? 0;
      if (char === '\n' || supported.has(code)) {
        out += char;
        continue;
      }
      const replacement = replacements[char];
      if (replacement !== undefined) {
        out += replacement;
        continue;
      }
      const base = [...char.normalize('NFKD')].filter((part) => supported.has(part.codePointAt(0) ?? 0)).join('');
      out += base === '' ? '?' : base;
    }
    return out;
  };
}

/**
 * Emoji and the joiners and selectors around them are dropped: the fonts have no glyph for them,
 * and a '?' in their place reads as a mistake.
 */
const EMOJI = /\p{Extended_Pictographic}|\u{FE0F}|\u{FE0E}|\u{200D}|[\u{1F3FB}-\u{1F3FF}]/gu;

/**
 * Text as the fonts draw it: composed (NFC, one glyph a letter), emoji dropped, and any other
 * character the four fonts lack as its plain-letter form or '?' (makeSanitizer).
 */
export function printText(text: string): string {
  cleaner ??= makeSanitizer(printCharacterSet());
  return cleaner(text.normalize('NFC').replace(EMOJI, ''));
}
