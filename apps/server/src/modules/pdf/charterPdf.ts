/**
 * An initiative's charter as a printable portrait document, as many pages as it needs: where it
 * belongs, its title, status, people and approval, then every charter field under the page's own
 * heading (rich text as paragraphs and lists), its measures when it has any, and the timeline.
 * Each page carries a footer. Tagged (tags.ts) in reading order: where it belongs, the title (H1),
 * the status, the people and approval as a table of labelled rows, each field under its H2 as
 * paragraphs and lists, each measure under an H3 (its definition, then its readings against the
 * expected values as a table), the timeline as a table; rules, the status pill's colour and the
 * footers are furniture.
 */
import {
  CHARTER_FIELD_LABELS,
  CHARTER_MESSAGES,
  CHARTER_TEXT_FIELDS,
  displayName,
  formatDay,
  INITIATIVE_STATUSES,
  type InitiativeDetail,
  MEASURE_TEXT,
  type Measure,
  type Paper,
  PDF_MESSAGES,
  plainText,
  STRATEGY_MESSAGES,
  statusOrInactive,
  type Timeline,
  type UserSummary,
} from '@keystone/contract';
import { createDocument, type Doc, finish, INK, oneLine } from './document';
import { measureDefinition, measureLine, readingRows } from './measureTexts';
import { richTextBlocks, type TextBlock } from './richTextBlocks';
import { artifact, documentRoot, group, rule, type Structure, tagged } from './tags';

const MARGIN = 56;
const FOOTER_ROOM = 30;

export interface CharterPdfInput {
  initiative: InitiativeDetail;
  strategyTitle: string;
  timelines: Timeline[];
  organisationName: string;
  /** The strategy's time zone: moments (the approval, the day it was made) are read there. */
  timeZone: string;
  madeAt: Date;
  paper: Paper;
}

export function charterTitle(initiative: InitiativeDetail): string {
  return oneLine(plainText(initiative.title)) || PDF_MESSAGES.untitledInitiative;
}

export async function charterPdf(input: CharterPdfInput): Promise<Buffer> {
  const { initiative } = input;
  const title = charterTitle(initiative);
  const doc = createDocument(input.paper, 'portrait', title);
  // Margins make pdfkit start a new page when flowing text reaches the footer's room.
  doc.page.margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_ROOM };
  doc.on('pageAdded', () => {
    doc.page.margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_ROOM };
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.x = MARGIN;
  doc.y = MARGIN;
  const root = documentRoot(doc);

  const strategyTitle = oneLine(input.strategyTitle) || STRATEGY_MESSAGES.untitledStrategy;
  const area = oneLine(plainText(initiative.focus_area_title)) || STRATEGY_MESSAGES.defineFocusArea;
  tagged(doc, root, 'P', () =>
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK.muted)
      .text(`${PDF_MESSAGES.strategy}: ${strategyTitle}   ·   ${PDF_MESSAGES.focusArea}: ${area}`, { width }),
  );
  doc.moveDown(0.6);
  tagged(doc, root, 'H1', () => doc.font('bold').fontSize(20).fillColor(INK.text).text(title, { width }));
  doc.moveDown(0.4);
  statusLine(doc, root, statusOrInactive(initiative.last_status));
  doc.moveDown(0.8);

  const facts = group(doc, root, 'Table');
  people(doc, facts, PDF_MESSAGES.owners, initiative.owners, width);
  people(doc, facts, PDF_MESSAGES.sponsors, initiative.sponsors, width);
  people(doc, facts, PDF_MESSAGES.teamMembers, initiative.team_members, width);
  fact(doc, facts, PDF_MESSAGES.approval, approvalText(initiative, input.timeZone), width);
  facts.end();
  doc.moveDown(0.6);

  for (const field of CHARTER_TEXT_FIELDS) {
    const section = group(doc, root, 'Sect');
    heading(doc, section, CHARTER_FIELD_LABELS[field], width);
    richText(doc, section, initiative[field], width);
    section.end();
  }
  if (initiative.measures.length > 0) measures(doc, root, initiative.measures, input.timeZone, width);
  const section = group(doc, root, 'Sect');
  heading(doc, section, CHARTER_FIELD_LABELS.timeline, width);
  timeline(doc, section, input.timelines, width);
  section.end();
  root.end();

  footers(
    doc,
    `${input.organisationName} · ${strategyTitle}`,
    PDF_MESSAGES.madeOn(formatDay(input.madeAt, input.timeZone)),
  );
  return finish(doc);
}

function statusLine(doc: Doc, parent: Structure, status: keyof typeof INITIATIVE_STATUSES) {
  const { label, hex, ink } = INITIATIVE_STATUSES[status];
  doc.font('bold').fontSize(9);
  const width = doc.widthOfString(label) + 14;
  const height = doc.currentLineHeight(true) + 5;
  const { x, y } = doc;
  artifact(doc, () => doc.roundedRect(x, y, width, height, height / 2).fill(hex));
  tagged(doc, parent, 'P', () =>
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(ink)
      .text(label, x + 7, y + 2.5, { lineBreak: false }),
  );
  doc.x = x;
  doc.y = y + height;
}

/**
 * A label and its value on one row: the label in a narrow column, the value wrapping beside it;
 * tagged as a table row whose header is the label.
 */
function fact(doc: Doc, table: Structure, label: string, value: string, width: number) {
  const labelWidth = 110;
  const { y } = doc;
  const row = group(doc, table, 'TR');
  tagged(
    doc,
    row,
    'TH',
    () =>
      doc
        .font('bold')
        .fontSize(9.5)
        .fillColor(INK.muted)
        .text(label, MARGIN, y, { width: labelWidth - 8 }),
    { scope: 'Row' },
  );
  const labelBottom = doc.y;
  tagged(doc, row, 'TD', () =>
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(INK.text)
      .text(value, MARGIN + labelWidth, y, { width: width - labelWidth, lineGap: 1.5 }),
  );
  row.end();
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, labelBottom) + 3;
}

function people(doc: Doc, table: Structure, label: string, list: UserSummary[], width: number) {
  fact(doc, table, label, list.map(displayName).join(', ') || PDF_MESSAGES.nobody, width);
}

function approvalText(initiative: InitiativeDetail, timeZone: string): string {
  if (initiative.sponsor_approval) {
    const approver = initiative.sponsor_approval_user
      ? displayName(initiative.sponsor_approval_user)
      : CHARTER_MESSAGES.someSponsor;
    return initiative.sponsor_approval_at
      ? CHARTER_MESSAGES.approvedBy(approver, formatDay(initiative.sponsor_approval_at, timeZone))
      : CHARTER_MESSAGES.approvedByUndated(approver);
  }
  return initiative.sponsor_approval_requested ? PDF_MESSAGES.approvalRequested : PDF_MESSAGES.notApproved;
}

/** A section heading (H2), never left alone at the foot of a page. */
function heading(doc: Doc, section: Structure, text: string, width: number) {
  if (doc.y + 70 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.5);
  tagged(doc, section, 'H2', () =>
    doc.font('bold').fontSize(12).fillColor(INK.text).text(text, MARGIN, doc.y, { width }),
  );
  const ruleY = doc.y + 2;
  rule(doc, MARGIN, ruleY, width, 0.5);
  doc.y = ruleY + 6;
}

/** An empty field or timeline, said as the charter page says it. */
function nothingYet(doc: Doc, section: Structure, width: number) {
  tagged(doc, section, 'P', () =>
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK.faint)
      .text(PDF_MESSAGES.empty, MARGIN, doc.y, { width, paragraphGap: 5 }),
  );
}

/** The list each depth of list item goes into: a deeper list sits in the item above it. */
interface OpenList {
  list: Structure;
  item?: Structure;
  ordered: boolean;
}

function richText(doc: Doc, section: Structure, html: string, width: number) {
  const blocks = richTextBlocks(html);
  if (blocks.length === 0) {
    nothingYet(doc, section, width);
    return;
  }
  const lists: OpenList[] = [];
  const closeLists = (depth: number) => {
    while (lists.length > depth) {
      const open = lists.pop()!;
      open.item?.end();
      open.list.end();
    }
  };
  doc.font('regular').fontSize(10).fillColor(INK.text);
  for (const block of blocks) {
    if (!block.marker) {
      closeLists(0);
      tagged(doc, section, 'P', () =>
        doc.text(block.text, MARGIN, doc.y, { width, lineGap: 2, paragraphGap: 5 }),
      );
      continue;
    }
    listItem(doc, section, lists, closeLists, block, width);
  }
  closeLists(0);
  doc.x = MARGIN;
}

/** A list item (Lbl and LBody) in the list of its depth, opening the lists down to it. */
function listItem(
  doc: Doc,
  section: Structure,
  lists: OpenList[],
  closeLists: (depth: number) => void,
  block: TextBlock,
  width: number,
) {
  // A numbered list that starts again at 1, or bullets after numbers, is a list of its own.
  const ordered = block.marker !== '•';
  const current = lists[block.depth];
  closeLists(
    current && (current.ordered !== ordered || block.marker === '1.') ? block.depth : block.depth + 1,
  );
  while (lists.length <= block.depth) {
    const above = lists.at(-1);
    lists.push({ list: group(doc, above?.item ?? above?.list ?? section, 'L'), ordered });
  }
  const open = lists.at(-1)!;
  open.item?.end();
  const item = group(doc, open.list, 'LI');
  open.item = item;
  const indent = 14 + block.depth * 14;
  const { y } = doc;
  tagged(doc, item, 'Lbl', () =>
    doc.text(block.marker!, MARGIN + indent - 12, y, { width: 12, lineBreak: false }),
  );
  tagged(doc, item, 'LBody', () =>
    doc.text(block.text, MARGIN + indent, y, { width: width - indent, lineGap: 2, paragraphGap: 3 }),
  );
}

/** The timeline as a table: each row's dates (its header) and what happens then. */
function timeline(doc: Doc, section: Structure, rows: Timeline[], width: number) {
  if (rows.length === 0) {
    nothingYet(doc, section, width);
    return;
  }
  const table = group(doc, section, 'Table');
  const datesWidth = 170;
  for (const row of rows) {
    const dates = timelineDates(row);
    const description = oneLine(plainText(row.description)) || '—';
    doc.font('regular').fontSize(10);
    const height = Math.max(
      doc.heightOfString(description, { width: width - datesWidth, lineGap: 2 }),
      doc.heightOfString(dates, { width: datesWidth - 10 }),
    );
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const { y } = doc;
    const tableRow = group(doc, table, 'TR');
    tagged(
      doc,
      tableRow,
      'TH',
      () => doc.fillColor(INK.muted).text(dates, MARGIN, y, { width: datesWidth - 10 }),
      {
        scope: 'Row',
      },
    );
    tagged(doc, tableRow, 'TD', () =>
      doc
        .fillColor(INK.text)
        .text(description, MARGIN + datesWidth, y, { width: width - datesWidth, lineGap: 2 }),
    );
    tableRow.end();
    doc.y = y + height + 5;
  }
  table.end();
  doc.x = MARGIN;
}

/** The Measures section: each measure under its H3, its latest value and definition, then its readings. */
function measures(doc: Doc, root: Structure, list: Measure[], timeZone: string, width: number) {
  const section = group(doc, root, 'Sect');
  heading(doc, section, MEASURE_TEXT.measures, width);
  for (const measure of list) {
    const part = group(doc, section, 'Sect');
    if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    tagged(doc, part, 'H3', () =>
      doc
        .font('bold')
        .fontSize(10.5)
        .fillColor(INK.text)
        .text(measure.title, MARGIN, doc.y + 4, { width }),
    );
    for (const text of [measureLine(measure), measureDefinition(measure)])
      tagged(doc, part, 'P', () =>
        doc
          .font('regular')
          .fontSize(9.5)
          .fillColor(INK.muted)
          .text(text, MARGIN, doc.y + 1, { width, lineGap: 1.5 }),
      );
    readingsTable(doc, part, measure, timeZone, width);
    part.end();
  }
  section.end();
}

/**
 * A row per due date: the date (its header), the value, the expected value and the suggestion.
 * Headers are told apart by their ink, as the timeline's are, not by weight.
 */
function readingsTable(doc: Doc, section: Structure, measure: Measure, timeZone: string, width: number) {
  const rows = readingRows(measure, timeZone);
  if (rows.length === 0) return;
  const cellWidth = width / 4;
  doc.y += 4;
  const table = group(doc, section, 'Table');
  const line = (cells: string[], header: boolean) => {
    doc.font('regular').fontSize(9);
    const height = Math.max(...cells.map((text) => doc.heightOfString(text, { width: cellWidth - 8 })));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const { y } = doc;
    const row = group(doc, table, 'TR');
    cells.forEach((text, index) => {
      const type = header || index === 0 ? 'TH' : 'TD';
      tagged(
        doc,
        row,
        type,
        () =>
          doc
            .font('regular')
            .fontSize(9)
            .fillColor(type === 'TH' ? INK.muted : INK.text)
            .text(text, MARGIN + index * cellWidth, y, { width: cellWidth - 8 }),
        type === 'TH' ? { scope: header ? 'Column' : 'Row' } : {},
      );
    });
    row.end();
    doc.y = y + height + 3;
  };
  line(
    [MEASURE_TEXT.dueDate, MEASURE_TEXT.reading, MEASURE_TEXT.expected, PDF_MESSAGES.suggestedColumn],
    true,
  );
  for (const row of rows) line([row.dueDate, row.value, row.expected, row.suggested], false);
  table.end();
  doc.x = MARGIN;
}

function timelineDates(row: Timeline): string {
  // Stored as UTC days (YYYY-MM-DD): read in UTC, so no day shifts.
  const start = row.start_date && formatDay(row.start_date, 'UTC');
  const end = row.end_date && formatDay(row.end_date, 'UTC');
  if (start && end) return `${start} – ${end}`;
  if (start) return PDF_MESSAGES.timelineFrom(start);
  if (end) return PDF_MESSAGES.timelineUntil(end);
  return '—';
}

/** Every page's footer, written once all pages exist (so it can say "Page 2 of 3"). */
function footers(doc: Doc, left: string, made: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 8;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('regular').fontSize(8).fillColor(INK.faint);
    const page = PDF_MESSAGES.page(index - start + 1, count);
    const right = `${made}   ·   ${page}`;
    const rightWidth = doc.widthOfString(right);
    artifact(
      doc,
      () => {
        doc.text(left, MARGIN, y, {
          width: width - rightWidth - 20,
          lineBreak: false,
          ellipsis: true,
          height: 10,
        });
        doc.text(right, MARGIN + width - rightWidth, y, { lineBreak: false });
      },
      'Pagination',
    );
    doc.page.margins.bottom = bottom;
  }
}
