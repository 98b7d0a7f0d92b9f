/**
 * What both PDFs share: a pdfkit document with the embedded DejaVu fonts (any Latin, Greek or
 * Cyrillic text renders, and stays selectable), the bytes it makes, dates as they are printed,
 * and the file name the browser saves it under.
 */
import { createRequire } from 'node:module';
import type { Paper } from '@keystone/contract';
import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

// Not named `require`: the server bundle declares that name at the top of every file.
const resolvePackageFile = createRequire(import.meta.url);
const FONT_FILES = {
  regular: resolvePackageFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolvePackageFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
export type FontName = keyof typeof FONT_FILES;

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

/**
 * fontkit's parsed fonts, kept from the first document on: parsing DejaVu and shaping its glyphs
 * was most of a PDF's cost (a second per page on a busy machine), and a parsed font serves any
 * number of documents (each embeds its own subset).
 */
const parsedFonts = new Map<FontName, unknown>();

function useFonts(doc: Doc): void {
  for (const name of Object.keys(FONT_FILES) as FontName[]) {
    const parsed = parsedFonts.get(name);
    // pdfkit takes a parsed font wherever it takes a file (its types name only the file).
    doc.registerFont(name, (parsed ?? FONT_FILES[name]) as string);
    if (parsed) continue;
    doc.font(name);
    parsedFonts.set(name, (doc as unknown as { _font: { font: unknown } })._font.font);
  }
  doc.font('regular');
}

export function createDocument(paper: Paper, layout: 'portrait' | 'landscape', title: string): Doc {
  const doc = new PDFDocument({
    size: SIZES[paper],
    layout,
    margin: 0,
    // None: pdfkit would load its standard Helvetica (Latin-1 only) before ours are registered.
    font: null as unknown as string,
    bufferPages: true,
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
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "3 Nov 2026": a stored instant or YYYY-MM-DD day, as the documents print it. */
export function printedDay(value: string | Date): string {
  return DAY.format(typeof value === 'string' ? new Date(value) : value);
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
