/**
 * The strategy on ONE landscape page: title, ambition, the focus areas side by side with their
 * status counts, and each initiative's status, owners and last update. Whatever the texts, it
 * fits: the layout is measured at shrinking type sizes and fewer lines per text (ellipsis beyond)
 * until every column fits, and only then drawn. Tagged (tags.ts) in reading order: the title (H1)
 * and ambition, then each focus area as a section (H2, its status counts as a list, its measures,
 * then each initiative as a section: H3 title, status, owners, last update, its measures, each
 * a value against its target); the page's footer is furniture.
 */
import {
  displayName,
  formatDay,
  INITIATIVE_STATUS_CODES,
  INITIATIVE_STATUSES,
  type Initiative,
  type InitiativeStatus,
  lastUpdateText,
  type Measure,
  type Paper,
  PDF_MESSAGES,
  plainText,
  STRATEGY_MESSAGES,
  type Strategy,
  statusOrInactive,
} from '@keystone/contract';
import { createDocument, type Doc, finish, INK, oneLine } from './document';
import { type Lines, textLines } from './lines';
import { measureStanding } from './measureTexts';
import { artifact, documentRoot, group, rule, type Structure, tagged } from './tags';

const MARGIN = 30;
const COLUMN_GAP = 10;
const CARD_GAP = 5;
const CARD_PADDING = 5;
const STATUS_BAR = 3;

/** From roomy to dense: the first that fits is drawn. */
const DENSITIES = [
  ...[1, 0.92, 0.85, 0.78, 0.72].map((scale) => ({ scale, titleLines: 4, ownerLines: 2, measureLines: 2 })),
  { scale: 0.72, titleLines: 3, ownerLines: 2, measureLines: 2 },
  { scale: 0.72, titleLines: 3, ownerLines: 1, measureLines: 1 },
  { scale: 0.72, titleLines: 2, ownerLines: 1, measureLines: 1 },
  { scale: 0.66, titleLines: 1, ownerLines: 1, measureLines: 1 },
];
type Density = (typeof DENSITIES)[number];

/** A measured part of the page: its height, and how to draw it at a place, tagged under `parent`. */
interface Block {
  height: number;
  draw: (x: number, y: number, parent: Structure) => void;
}

/** Measured lines as one element of `type` (none for no text). */
function tagLines(
  doc: Doc,
  parent: Structure,
  type: 'H1' | 'H2' | 'H3' | 'P',
  lines: Lines,
  x: number,
  y: number,
) {
  if (lines.lines.length > 0) tagged(doc, parent, type, () => lines.draw(x, y));
}

export interface StrategyPdfInput {
  strategy: Strategy;
  organisationName: string;
  /** The strategy's time zone: its days (the last updates, the day it was made) are read there. */
  timeZone: string;
  madeAt: Date;
  paper: Paper;
}

export function strategyTitle(strategy: Strategy): string {
  return oneLine(strategy.title) || STRATEGY_MESSAGES.untitledStrategy;
}

export async function strategyPdf({
  strategy,
  organisationName,
  timeZone,
  madeAt,
  paper,
}: StrategyPdfInput): Promise<Buffer> {
  const title = strategyTitle(strategy);
  const doc = createDocument(paper, 'landscape', title);
  const { width, height } = doc.page;
  const footer = footerBlock(
    doc,
    width,
    `${organisationName} · ${title}`,
    PDF_MESSAGES.madeOn(formatDay(madeAt, timeZone)),
  );
  const columns = strategy.focus_areas.length;
  const columnWidth = (width - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns;

  let chosen: { header: Block; columns: Block[] } | undefined;
  for (const density of DENSITIES) {
    const header = headerBlock(doc, strategy, width - 2 * MARGIN, density);
    const room = height - 2 * MARGIN - header.height - footer.height - 8;
    const blocks = strategy.focus_areas.map((area) =>
      focusAreaBlock(doc, area.title, area.initiatives, area.measures, columnWidth, density, timeZone),
    );
    chosen = { header, columns: blocks };
    if (blocks.every((block) => block.height <= room)) break;
  }
  // The densest layout is drawn even if a column were still too tall: it never makes a second page.
  const { header, columns: blocks } = chosen!;
  const root = documentRoot(doc);
  header.draw(MARGIN, MARGIN, root);
  for (const [index, block] of blocks.entries()) {
    block.draw(MARGIN + index * (columnWidth + COLUMN_GAP), MARGIN + header.height, root);
  }
  artifact(doc, () => footer.draw(MARGIN, height - MARGIN - footer.height, root), 'Pagination');
  root.end();
  return finish(doc);
}

function headerBlock(doc: Doc, strategy: Strategy, width: number, { scale }: Density): Block {
  const title = textLines(doc, strategyTitle(strategy), width, 2, {
    font: 'bold',
    size: 18 * scale,
    color: INK.text,
  });
  const ambitionText = oneLine(plainText(strategy.ambition.replace(/<\/(p|li)>|<br\s*\/?>/gi, ' ')));
  const ambition = textLines(doc, ambitionText, width, 3, {
    font: 'regular',
    size: 9.5 * scale,
    color: INK.muted,
    lineGap: 1.5,
  });
  const ambitionTop = title.height + (ambition.height ? 4 : 0);
  const height = ambitionTop + ambition.height + 14;
  return {
    height,
    draw: (x, y, parent) => {
      tagLines(doc, parent, 'H1', title, x, y);
      tagLines(doc, parent, 'P', ambition, x, y + ambitionTop);
      const ruleY = y + height - 7;
      rule(doc, x, ruleY, width, 0.75);
    },
  };
}

function focusAreaBlock(
  doc: Doc,
  rawTitle: string,
  initiatives: Initiative[],
  measures: Measure[],
  width: number,
  density: Density,
  timeZone: string,
): Block {
  const { scale } = density;
  const titleText = oneLine(plainText(rawTitle)) || STRATEGY_MESSAGES.defineFocusArea;
  const title = textLines(doc, titleText, width, 2, { font: 'bold', size: 10.5 * scale, color: INK.text });
  const counts = statusCounts(doc, initiatives, width, scale);
  const values = measureLines(doc, measures, width, density);
  const cards = initiatives.map((initiative) => initiativeCard(doc, initiative, width, density, timeZone));
  const valuesTop = title.height + 4 + counts.height + (values.height ? 4 : 0);
  const headHeight = valuesTop + values.height + 7;
  const height = headHeight + cards.reduce((sum, card) => sum + card.height + CARD_GAP, 0);
  return {
    height,
    draw: (x, y, parent) => {
      const section = group(doc, parent, 'Sect');
      tagLines(doc, section, 'H2', title, x, y);
      counts.draw(x, y + title.height + 4, section);
      values.draw(x, y + valuesTop, section);
      let top = y + headHeight;
      for (const card of cards) {
        card.draw(x, top, section);
        top += card.height + CARD_GAP;
      }
      section.end();
    },
  };
}

/** A status's label on its colour, as the board shows it: the colour is decoration, the label text. */
function pill(doc: Doc, text: string, status: InitiativeStatus, size: number) {
  doc.font('bold').fontSize(size);
  const padding = size * 0.55;
  const width = doc.widthOfString(text) + 2 * padding;
  const height = doc.currentLineHeight(true) + size * 0.35;
  const { hex, ink } = INITIATIVE_STATUSES[status];
  return {
    width,
    height,
    background: (x: number, y: number) => {
      doc.roundedRect(x, y, width, height, height / 2).fill(hex);
    },
    label: (x: number, y: number) => {
      doc
        .font('bold')
        .fontSize(size)
        .fillColor(ink)
        .text(text, x + padding, y + size * 0.2, { lineBreak: false });
    },
  };
}
type Pill = ReturnType<typeof pill>;

/** "2 On Track", "1 Blocked"…: one pill per status present, wrapped over as many rows as needed. */
function statusCounts(doc: Doc, initiatives: Initiative[], width: number, scale: number): Block {
  const counts = new Map<InitiativeStatus, number>();
  for (const initiative of initiatives) {
    const status = statusOrInactive(initiative.last_status);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const pills = INITIATIVE_STATUS_CODES.filter((code) => counts.has(code)).map((code) =>
    pill(doc, `${counts.get(code)} ${INITIATIVE_STATUSES[code].label}`, code, 6.8 * scale),
  );
  const placed: { x: number; y: number; pill: Pill }[] = [];
  let x = 0;
  let y = 0;
  const rowHeight = (pills[0]?.height ?? 0) + 3;
  for (const one of pills) {
    if (x > 0 && x + one.width > width) {
      x = 0;
      y += rowHeight;
    }
    placed.push({ x, y, pill: one });
    x += one.width + 3;
  }
  return {
    height: pills.length ? y + rowHeight - 3 : 0,
    draw: (left, top, parent) => {
      if (placed.length === 0) return;
      artifact(doc, () => {
        for (const one of placed) one.pill.background(left + one.x, top + one.y);
      });
      const list = group(doc, parent, 'L');
      for (const one of placed) {
        const item = group(doc, list, 'LI');
        tagged(doc, item, 'LBody', () => one.pill.label(left + one.x, top + one.y));
        item.end();
      }
      list.end();
    },
  };
}

function initiativeCard(
  doc: Doc,
  initiative: Initiative,
  width: number,
  density: Density,
  timeZone: string,
): Block {
  const { scale } = density;
  const inner = width - STATUS_BAR - 2 * CARD_PADDING;
  const status = statusOrInactive(initiative.last_status);
  const badge = pill(doc, INITIATIVE_STATUSES[status].label, status, 6.8 * scale);
  const titleText = oneLine(plainText(initiative.title));
  const title = textLines(doc, titleText || PDF_MESSAGES.untitledInitiative, inner, density.titleLines, {
    font: 'bold',
    size: 8.5 * scale,
    color: titleText ? INK.text : INK.faint,
  });
  const ownerNames = initiative.owners.map(displayName).join(', ') || PDF_MESSAGES.noOwner;
  const small = { font: 'regular', size: 7.3 * scale } as const;
  const owners = textLines(doc, ownerNames, inner, density.ownerLines, { ...small, color: INK.muted });
  const updated = textLines(doc, lastUpdateText(initiative.last_progress_update, timeZone), inner, 1, {
    ...small,
    color: INK.faint,
  });
  const values = measureLines(doc, initiative.measures, inner, density);
  const parts = [
    badge.height + 3,
    title.height + 2,
    owners.height + 1,
    updated.height + (values.height ? 2 : 0),
    values.height,
  ];
  const height = 2 * CARD_PADDING + parts.reduce((sum, part) => sum + part, 0);
  return {
    height,
    draw: (x, y, parent) => {
      const left = x + STATUS_BAR + CARD_PADDING;
      const badgeTop = y + CARD_PADDING;
      const titleTop = badgeTop + parts[0]!;
      const ownersTop = titleTop + parts[1]!;
      const updatedTop = ownersTop + parts[2]!;
      artifact(doc, () => {
        doc.rect(x, y, width, height).fill(INK.panel);
        doc.rect(x, y, STATUS_BAR, height).fill(INITIATIVE_STATUSES[status].hex);
        badge.background(left, badgeTop);
      });
      // The title first, as the heading a reader jumps to; then what the card says of it.
      const section = group(doc, parent, 'Sect');
      tagLines(doc, section, 'H3', title, left, titleTop);
      tagged(doc, section, 'P', () => badge.label(left, badgeTop));
      tagLines(doc, section, 'P', owners, left, ownersTop);
      tagLines(doc, section, 'P', updated, left, updatedTop);
      values.draw(left, updatedTop + parts[3]!, section);
      section.end();
    },
  };
}

/** Each measure's value against its target, a paragraph each (nothing for none). */
function measureLines(doc: Doc, measures: Measure[], width: number, density: Density): Block {
  const style = { font: 'regular', size: 7.3 * density.scale, color: INK.text, lineGap: 0.5 } as const;
  const lines = measures.map((measure) => {
    const standing = measureStanding(measure);
    // The numbers matter most: a long title gives way to them, down to a third of the line.
    const after = doc.font(style.font).fontSize(style.size).widthOfString(`: ${standing}`);
    const title = textLines(doc, measure.title, Math.max(width / 3, width - after), 1, style).lines[0];
    return textLines(
      doc,
      PDF_MESSAGES.measureLine(title ?? '', standing),
      width,
      density.measureLines,
      style,
    );
  });
  const gap = 1.5;
  return {
    height: lines.reduce((sum, one) => sum + one.height, 0) + Math.max(0, lines.length - 1) * gap,
    draw: (x, y, parent) => {
      let top = y;
      for (const one of lines) {
        tagLines(doc, parent, 'P', one, x, top);
        top += one.height + gap;
      }
    },
  };
}

function footerBlock(doc: Doc, pageWidth: number, left: string, right: string): Block {
  const width = pageWidth - 2 * MARGIN;
  const style = { font: 'regular', size: 7.5, color: INK.faint } as const;
  doc.font(style.font).fontSize(style.size);
  const rightWidth = doc.widthOfString(right);
  const leftLines = textLines(doc, left, width - rightWidth - 20, 1, style);
  const rightLines = textLines(doc, right, rightWidth + 1, 1, style);
  return {
    height: rightLines.height,
    // Page furniture: drawn inside the caller's artifact, so `parent` takes nothing.
    draw: (x, y) => {
      leftLines.draw(x, y);
      rightLines.draw(x + width - rightWidth, y);
    },
  };
}
