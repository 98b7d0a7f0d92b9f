/**
 * The PDFs' fonts: DejaVu Sans for the text (Latin, Greek, Cyrillic and many symbols) and, per
 * character, fallbacks for what DejaVu lacks: Noto Sans CJK's Chinese face (Chinese and Japanese),
 * its Korean face (Hangul) and Noto Emoji (monochrome emoji). A character no font has is printed
 * as U+FFFD, the replacement character, a visible sign that something stood there (an empty
 * box would look like a printing fault). A fallback font is parsed when the first character that
 * needs it is met, so a document in Latin script never reads those files (megabytes each).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

// Not named `require`: the server bundle declares that name at the top of every file.
const resolvePackageFile = createRequire(import.meta.url);

/** A font file's path, found when the font is first parsed. */
type FontFile = () => string;

const packageFile =
  (specifier: string): FontFile =>
  () =>
    resolvePackageFile.resolve(specifier);

/** @embedpdf's font packages export only a list of names; the files sit in fonts/ beside dist/. */
const embedpdfFile =
  (packageName: string, file: string): FontFile =>
  () =>
    path.join(path.dirname(resolvePackageFile.resolve(packageName)), '..', 'fonts', file);

export interface FontFace {
  /** The name the font is registered under in a document. */
  key: string;
  file: FontFile;
}

export const MAIN_FONTS = {
  regular: { key: 'regular', file: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf') },
  bold: { key: 'bold', file: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') },
} satisfies Record<string, FontFace>;
export type FontName = keyof typeof MAIN_FONTS;

/** For each main font, the fonts tried in turn for a character it cannot draw. */
export const FALLBACK_FONTS: Record<FontName, FontFace[]> = {
  regular: [
    { key: 'han-regular', file: embedpdfFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf') },
    { key: 'hangul-regular', file: embedpdfFile('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf') },
    {
      key: 'emoji-regular',
      file: packageFile('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
    },
  ],
  bold: [
    { key: 'han-bold', file: embedpdfFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf') },
    { key: 'hangul-bold', file: embedpdfFile('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf') },
    {
      key: 'emoji-bold',
      file: packageFile('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
    },
  ],
};

/** What no font draws is printed as this (DejaVu has it). */
export const PLACEHOLDER = '\ufffd';

/** A stretch of text drawn in one font: 0 is the main font, 1… the fallbacks in their order. */
export interface FontRun {
  text: string;
  font: number;
}

/**
 * Whether font `font` (0 the main one, then the fallbacks) has a glyph for `codePoint`; a
 * fallback is parsed on its first question.
 */
export type Covers = (font: number, codePoint: number) => boolean;

/** Marks, joiners, variation selectors and skin tones: they go with the character before them. */
const ATTACHED = /^(?:\p{M}|\p{Cf}|\p{Emoji_Modifier})$/u;
const CONTROL = /^\p{Cc}$/u;
const ASCII = /^[\x20-\x7e]*$/;

/** The font one character is drawn in (and what is drawn), or undefined when it is dropped. */
function place(character: string, previous: number | undefined, fontCount: number, covers: Covers) {
  // A line break or tab goes with its neighbours: pdfkit handles it, no font draws it.
  if (CONTROL.test(character)) return { text: character, font: previous ?? 0 };
  const codePoint = character.codePointAt(0)!;
  const attached = ATTACHED.test(character);
  if (attached && previous !== undefined && covers(previous, codePoint))
    return { text: character, font: previous };
  for (let font = 0; font < fontCount; font++) {
    if (covers(font, codePoint)) return { text: character, font };
  }
  return attached ? undefined : { text: PLACEHOLDER, font: 0 };
}

/**
 * `text` cut into runs by the first font that can draw each character. A character that
 * attaches to the one before stays in its run when that font has it (so an emoji's joiners and
 * selectors reach the emoji font); an attached character no font has is dropped, any other
 * becomes the placeholder.
 */
export function fontRuns(text: string, fontCount: number, covers: Covers): FontRun[] {
  if (ASCII.test(text)) return [{ text, font: 0 }];
  const runs: FontRun[] = [];
  let current: FontRun | undefined;
  for (const character of text) {
    const placed = place(character, current?.font, fontCount, covers);
    if (!placed) continue;
    if (current && current.font === placed.font) current.text += placed.text;
    else {
      current = { ...placed };
      runs.push(current);
    }
  }
  return runs;
}
