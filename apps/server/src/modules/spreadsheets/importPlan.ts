/**
 * "Start from a spreadsheet": the uploaded rows checked whole, each row's problems named, and
 * the plan the create step writes (focus areas in the order they first appear, their initiatives,
 * owners as people of the organisation). The preview and the create call the same check, so a
 * file created is exactly the file previewed.
 */
import {
  IMPORT_COLUMNS,
  type ImportPreview,
  type ImportRow,
  isValidEmail,
  LIMITS,
  SPREADSHEET_MESSAGES as WORDS,
} from '@keystone/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { readUpload, type UploadedRow } from './readUpload';

export interface PlannedOwner {
  id: number;
  email: string;
}

export interface ImportPlan {
  preview: ImportPreview;
  focusAreas: { title: string; initiatives: { title: string; owners: PlannedOwner[] }[] }[];
}

const heading = (text: string) => text.trim().toLowerCase();

/** "Ada <ada@example.com>" or "ada@example.com", separated by semicolons, commas or line breaks. */
function ownerAddresses(cell: string): string[] {
  return cell
    .split(/[;,\n]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (/<([^<>]+)>\s*$/.exec(part)?.[1] ?? part).trim());
}

function titleProblems(text: string, empty: string, tooLong: string): string[] {
  if (text === '') return [empty];
  const problems: string[] = [];
  if ([...text].length > LIMITS.title) problems.push(tooLong);
  if (/[\r\n]/.test(text)) problems.push(WORDS.lineBreak);
  return problems;
}

/** The strategy's title: the file's name without its extension, within the title's limit. */
const titleOf = (fileName: string) =>
  [...fileName.replace(/\.(csv|xlsx)$/i, '').trim()].slice(0, LIMITS.title).join('');

async function knownPeople(db: Queryable, user: Actor, addresses: readonly string[]) {
  if (addresses.length === 0) return new Map<string, PlannedOwner>();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organisationId, user.organisationId),
        eq(users.isActive, true),
        inArray(users.email, [...addresses]),
      ),
    );
  return new Map(rows.map((row) => [row.email, row]));
}

export async function planImport(
  db: Queryable,
  user: Actor,
  fileName: string,
  content: string,
): Promise<ImportPlan> {
  const [head, ...body] = await readUpload(content);
  const headings = (head?.cells ?? []).map(heading);
  const column = (name: string) => headings.indexOf(heading(name));
  const at = {
    focusArea: column(IMPORT_COLUMNS.focusArea),
    initiative: column(IMPORT_COLUMNS.initiative),
    owners: column(IMPORT_COLUMNS.owners),
  };
  const fileProblems = [IMPORT_COLUMNS.focusArea, IMPORT_COLUMNS.initiative]
    .filter((name) => column(name) < 0)
    .map(WORDS.missingColumn);
  const emptyPlan = (problems: string[]): ImportPlan => ({
    preview: {
      title: titleOf(fileName),
      rows: [],
      problems,
      focus_area_count: 0,
      initiative_count: 0,
      ready: false,
    },
    focusAreas: [],
  });
  if (fileProblems.length > 0) return emptyPlan(fileProblems);

  // Empty rows at the end are what spreadsheets leave behind; one between rows is named.
  const cellOf = (row: UploadedRow, index: number) => (index < 0 ? '' : (row.cells[index] ?? '').trim());
  const isEmpty = (row: UploadedRow) => row.cells.every((cell) => cell.trim() === '');
  let last = body.length;
  while (last > 0 && isEmpty(body[last - 1]!)) last -= 1;
  if (last === 0) return emptyPlan([WORDS.noRows]);

  const rows: ImportRow[] = body.slice(0, last).map((row, index) => ({
    row: index + 2,
    focus_area: cellOf(row, at.focusArea),
    initiative: cellOf(row, at.initiative),
    owners: ownerAddresses(cellOf(row, at.owners)).map((address) => address.toLowerCase()),
    problems: isEmpty(row) ? [WORDS.emptyRow] : row.hasFormula ? [WORDS.formula] : [],
  }));
  const filled = rows.filter((row) => row.problems.length === 0);
  const people = await knownPeople(db, user, [
    ...new Set(filled.flatMap((row) => row.owners.filter(isValidEmail))),
  ]);

  const plan: ImportPlan['focusAreas'] = [];
  const problems: string[] = [];
  for (const row of filled) {
    row.problems.push(
      ...titleProblems(row.focus_area, WORDS.noFocusArea, WORDS.focusAreaTooLong),
      ...titleProblems(row.initiative, WORDS.noInitiative, WORDS.initiativeTooLong),
    );
    for (const address of row.owners) {
      if (!isValidEmail(address)) row.problems.push(WORDS.notAnEmail(address));
      else if (!people.has(address)) row.problems.push(WORDS.unknownPerson(address));
    }
    if (row.focus_area === '') continue;
    let area = plan.find((candidate) => candidate.title === row.focus_area);
    if (!area) {
      area = { title: row.focus_area, initiatives: [] };
      plan.push(area);
      if (plan.length === LIMITS.focusAreasPerStrategy + 1) problems.push(WORDS.tooManyFocusAreas);
    }
    if (plan.indexOf(area) >= LIMITS.focusAreasPerStrategy) row.problems.push(WORDS.focusAreaOverLimit);
    if (area.initiatives.some((initiative) => initiative.title === row.initiative))
      row.problems.push(WORDS.duplicate);
    area.initiatives.push({
      title: row.initiative,
      owners: [...new Set(row.owners)].flatMap((address) => people.get(address) ?? []),
    });
    if (area.initiatives.length === LIMITS.initiativesPerFocusArea + 1)
      problems.push(WORDS.tooManyInitiatives(area.title));
    if (area.initiatives.length > LIMITS.initiativesPerFocusArea)
      row.problems.push(WORDS.initiativeOverLimit);
  }
  const ready = problems.length === 0 && rows.every((row) => row.problems.length === 0);
  return {
    preview: {
      title: titleOf(fileName),
      rows,
      problems,
      focus_area_count: plan.length,
      initiative_count: plan.reduce((sum, area) => sum + area.initiatives.length, 0),
      ready,
    },
    focusAreas: plan,
  };
}
