/**
 * What both PDFs share: a pdfkit document with the embedded fonts (DejaVu, and per character the
 * fallbacks of fonts.ts, so Chinese, Japanese, Korean and emoji print too, and all of it stays
 * selectable), tagged for screen readers (tags.ts), the bytes it makes, dates as they are printed,
 * and the file name the browser saves it under.
 */
import type { Paper } from '@keystone/contract';
import PDFDocument from 'pdfkit';
import { FALLBACK_FONTS, type FontFace, type FontName, type FontRun, fontRuns, MAIN_FONTS } from './fonts';

export type Doc = PDFKit.PDFDocument;
export type { FontName } from './fonts';

/** Latin letters that NFKD leaves whole, as ASCII spells them. */
const ASCII_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
};

const SIZES: Record<Paper, string> = { a4: 'A4', letter: 'LETTER' };

/** The page's ink: body text, secondary text and rules. */
export const INK = { text: '#1b1f2a', muted: '#5b6273', faint: '#8a90a0', rule: '#d7dbe4', panel: '#f4f6fa' };

/** fontkit's parse of a font file: what pdfkit holds as `font` and fonts.ts asks about coverage. */
interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  getGlyph(id: number, codePoints?: number[]): { codePoints: number[] } | null;
}

/** pdfkit's font of one document (it embeds the subset that document used). */
interface DocumentFont {
  font: ParsedFont;
  /** In thousandths of the size. */
  ascender: number;
  widthOfString(text: string, size: number, features?: unknown): number;
}

type TextOptions = PDFKit.Mixins.TextOptions & {
  baseline?: number | string;
  textWidth?: number;
  wordCount?: number;
  horizontalScaling?: number;
  features?: unknown;
};

/**
 * The parts of pdfkit's document this module reaches into, which its types leave out: the current
 * font and the line drawing that per-character fallback wraps (pdfkit has no hook for it), and
 * the writing of the file's pieces that GatheredDocument takes over.
 */
declare global {
  namespace PDFKit {
    interface PDFDocument {
      _font: DocumentFont;
      _fontSize: number;
      _fontSource: unknown;
      _fontFamily: unknown;
      /** Draws one line's text at a place, in the current font: every text pdfkit draws goes through it. */
      _fragment(text: string, x: number, y: number, options: TextOptions): void;
      _write(data: string | Uint8Array): void;
      _offset: number;
    }
  }
}

/**
 * fontkit's parsed fonts, kept from the first document on: parsing DejaVu and shaping its glyphs
 * was most of a PDF's cost (a second per page on a busy machine), and a parsed font serves any
 * number of documents (each embeds its own subset).
 */
const parsedFonts = new Map<string, ParsedFont>();

/**
 * fontkit keeps a glyph's object from the first time anyone asks for it, with the characters that
 * caller knew. Writing a subset asks for the parts of a composite glyph with none (Greek Ε is
 * drawn from Latin E): kept across documents, that E would carry no text, so every later PDF
 * drawing it would lose the letter for screen readers and copying (ToUnicode). Laying out text
 * asks with the characters: they are kept from then on.
 */
function keepCodePoints(font: ParsedFont): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
}

/** Registers `face` in `doc` (parsing it on its first use in this process), leaving the current font as it was. */
function registerFace(doc: Doc, face: FontFace): DocumentFont {
  const { _font, _fontSource, _fontFamily } = doc;
  const parsed = parsedFonts.get(face.key);
  // pdfkit takes a parsed font wherever it takes a file (its types name only the file).
  doc.registerFont(face.key, (parsed ?? face.file()) as string);
  doc.font(face.key);
  const font = doc._font;
  if (!parsed) {
    keepCodePoints(font.font);
    parsedFonts.set(face.key, font.font);
  }
  Object.assign(doc, { _font, _fontSource, _fontFamily });
  return font;
}

const plain = (runs: FontRun[], text: string) =>
  runs.length === 1 && runs[0]!.font === 0 && runs[0]!.text === text;

/**
 * The main fonts, and per-character fallback behind them: pdfkit measures and draws all text
 * through `widthOfString` and `_fragment`, so both cut the text into runs by font (fonts.ts) and
 * measure or draw each run in its own font, on the main font's baseline. Fallback fonts are
 * registered, and parsed, when a character first needs them. The documents align all text left,
 * so runs are simply drawn one after another.
 */
function useFonts(doc: Doc): void {
  const registered = new Map<string, DocumentFont>();
  const fontOf = (face: FontFace) => {
    let font = registered.get(face.key);
    if (!font) {
      font = registerFace(doc, face);
      registered.set(face.key, font);
    }
    return font;
  };
  const faces = (name: FontName) => [MAIN_FONTS[name], ...FALLBACK_FONTS[name]];
  const mains = new Map<DocumentFont, FontName>();
  for (const name of Object.keys(MAIN_FONTS) as FontName[]) mains.set(fontOf(MAIN_FONTS[name]), name);
  const runsOf = (name: FontName, text: string) =>
    fontRuns(text, faces(name).length, (index, codePoint) =>
      fontOf(faces(name)[index]!).font.hasGlyphForCodePoint(codePoint),
    );

  const widthOfString = doc.widthOfString.bind(doc);
  doc.widthOfString = (text, options: TextOptions = {}) => {
    const main = mains.get(doc._font);
    const runs = main && runsOf(main, text);
    if (!main || !runs || plain(runs, text)) return widthOfString(text, options);
    const width = runs.reduce(
      (sum, run) =>
        sum + fontOf(faces(main)[run.font]!).widthOfString(run.text, doc._fontSize, options.features),
      0,
    );
    const spacing = (options.characterSpacing ?? 0) * (text.length - 1);
    return ((width + spacing) * (options.horizontalScaling ?? 100)) / 100;
  };

  const fragment = doc._fragment.bind(doc);
  doc._fragment = (text, x, y, options) => {
    const main = mains.get(doc._font);
    const runs = main && runsOf(main, text);
    if (!main || !runs || plain(runs, text)) return fragment(text, x, y, options);
    const mainFont = doc._font;
    const size = doc._fontSize;
    const runOptions: TextOptions = {
      ...options,
      align: 'left',
      // pdfkit places text by its font's ascender: every run sits on the main font's baseline.
      baseline: options.baseline ?? -(mainFont.ascender / 1000) * size,
      textWidth: undefined,
      wordCount: undefined,
    };
    let left = x;
    for (const run of runs) {
      doc._font = fontOf(faces(main)[run.font]!);
      fragment(run.text, left, y, runOptions);
      left += doc.widthOfString(run.text, runOptions);
      doc._font = mainFont;
    }
  };
  doc.font('regular');
}

/**
 * pdfkit's document, its file gathered here piece by piece rather than pushed through its Node
 * stream: a tagged document writes an object per paragraph, three or more pieces each, and a
 * push into a stream costs more than the piece itself.
 */
class GatheredDocument extends PDFDocument {
  // Declared only: pdfkit's constructor writes the file's header before any field would be set.
  declare pieces?: Uint8Array[];

  override _write(data: string | Uint8Array): void {
    // pdfkit writes a string as the bytes of its char codes and a line break: latin1.
    const bytes = typeof data === 'string' ? Buffer.from(`${data}\n`, 'latin1') : data;
    this.pieces ??= [];
    this.pieces.push(bytes);
    this._offset += bytes.length;
  }
}

export function createDocument(paper: Paper, layout: 'portrait' | 'landscape', title: string): Doc {
  const doc = new GatheredDocument({
    size: SIZES[paper],
    layout,
    margin: 0,
    // None (an empty name): pdfkit would load its standard Helvetica (Latin-1 only) before ours
    // are registered.
    font: '',
    bufferPages: true,
    // Tagged (tags.ts): a structure tree in reading order, marked content, the title shown by
    // viewers in place of the file name, and the language, as PDF 1.7 defines them.
    pdfVersion: '1.7',
    tagged: true,
    displayTitle: true,
    lang: 'en',
    info: { Title: title, Creator: 'Keystone', Producer: 'Keystone' },
  });
  useFonts(doc);
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat((doc as GatheredDocument).pieces ?? [])));
    doc.on('error', reject);
    // Nothing is pushed but the stream's end, which a paused stream would hold back.
    doc.resume();
    doc.end();
  });
}

/** One line of text: tags gone, runs of white space one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Content-Disposition of a download named after `title`: an ASCII name for old clients and the
 * full name as RFC 6266's filename* (UTF-8), both free of quotes, slashes and control characters.
 */
export function attachmentHeader(title: string, fallback: string): string {
  const readable =
    oneLine(title.replace(/[\p{Cc}\\/:*?"<>|]/gu, ' '))
      .slice(0, 100)
      .trim() || fallback;
  const ascii =
    oneLine(
      readable
        .normalize('NFKD')
        .replace(/[ŁłØøĐđßÆæŒœ]/g, (letter) => ASCII_LETTERS[letter] ?? '')
        .replace(/[^\x20-\x7e]/g, '')
        .replace(/[^A-Za-z0-9 ._-]/g, ' '),
    ).replace(/ /g, '-') || fallback.replace(/ /g, '-');
  const encoded = encodeURIComponent(`${readable}.pdf`).replace(
    /['()*!]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encoded}`;
}
