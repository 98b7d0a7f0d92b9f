/**
 * Text broken into lines by this module, not by pdfkit: measuring a layout many times (strategyPdf
 * tries several densities) then costs one width per word, which pdfkit caches, instead of a full
 * line-wrapping pass per try; and what is drawn is exactly what was measured, line by line.
 */
import type { Doc, FontName } from './document';

export interface TextStyle {
  font: FontName;
  size: number;
  color: string;
  /** Extra space between lines. */
  lineGap?: number;
}

export interface Lines {
  lines: string[];
  height: number;
  draw: (x: number, y: number) => void;
}

/**
 * Widths at size 1 by font and text, per document: a width scales with the size, and shaping a
 * word (fontkit's layout) is the costly part, so each word is shaped once whatever the density.
 */
const unitWidths = new WeakMap<Doc, Map<string, number>>();

function widthOf(doc: Doc, font: FontName, size: number, text: string): number {
  let widths = unitWidths.get(doc);
  if (!widths) {
    widths = new Map();
    unitWidths.set(doc, widths);
  }
  const key = `${font}\u0000${text}`;
  let unit = widths.get(key);
  if (unit === undefined) {
    unit = doc.font(font).fontSize(1).widthOfString(text);
    widths.set(key, unit);
  }
  return unit * size;
}

/** The longest start of `characters` that fits `room` with `suffix` after it (binary search). */
function fittingPrefix(measure: Measure, characters: string[], room: number, suffix: string): string {
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(characters.slice(0, middle).join('') + suffix) <= room) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join('');
}

/** `text` in at most `maxLines` lines of `width`, the last one ending with "…" when text was left out. */
type Measure = (text: string) => number;

export function wrapLines(measure: Measure, text: string, width: number, maxLines: number): string[] {
  const space = measure(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  const words = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const wordWidth = measure(word);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    if (lines.length === maxLines) return ellipsed(measure, lines, words.slice(index), width);
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    // A word wider than the column is cut where it reaches the edge, and goes on below.
    let rest = [...word];
    while (rest.length > 0 && measure(rest.join('')) > width) {
      const head = fittingPrefix(measure, rest, width, '') || rest[0]!;
      lines.push(head);
      rest = rest.slice([...head].length);
      if (lines.length === maxLines)
        return ellipsed(measure, lines, [rest.join(''), ...words.slice(index + 1)], width);
    }
    line = rest.join('');
    lineWidth = measure(line);
  }
  if (line) lines.push(line);
  return lines;
}

/** The last line given "…", with as much of itself as still fits (the words left over are dropped). */
function ellipsed(measure: Measure, lines: string[], leftOver: string[], width: number): string[] {
  if (leftOver.every((word) => !word)) return lines;
  const last = lines.pop() ?? '';
  lines.push(`${fittingPrefix(measure, [...last], width, '…').replace(/[\s,;:–-]+$/, '')}…`);
  return lines;
}

/** A measured paragraph in `style`: its lines, its height, and how to draw it. */
export function textLines(doc: Doc, text: string, width: number, maxLines: number, style: TextStyle): Lines {
  const gap = style.lineGap ?? 0;
  const measure = (part: string) => widthOf(doc, style.font, style.size, part);
  const lines = text ? wrapLines(measure, text, width, maxLines) : [];
  const lineHeight = doc.font(style.font).fontSize(style.size).currentLineHeight(true);
  return {
    lines,
    height: lines.length ? lines.length * lineHeight + (lines.length - 1) * gap : 0,
    draw: (x, y) => {
      doc.font(style.font).fontSize(style.size).fillColor(style.color);
      lines.forEach((line, index) => {
        doc.text(line, x, y + index * (lineHeight + gap), { lineBreak: false });
      });
    },
  };
}
