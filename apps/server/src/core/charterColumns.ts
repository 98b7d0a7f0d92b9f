/**
 * The charter's text fields on the server: the contract's CHARTER_TEXT_FIELDS, each stored in the
 * `initiatives` column of the same name in camelCase. The presenter and the update read this, so
 * a new charter field needs only its column in db/strategiesSchema.ts here.
 */
import { CHARTER_TEXT_FIELDS, type CharterTextField, camelName } from '@keystone/contract';
import type { initiatives } from '../db/schema';

type InitiativeRow = typeof initiatives.$inferSelect;

/** A charter field's column; a field without one is a type error here. */
const charterColumn = (field: CharterTextField) => camelName(field) satisfies keyof InitiativeRow;

/** The row's charter texts under their wire names. */
export function charterTexts(row: InitiativeRow): Record<CharterTextField, string> {
  return Object.fromEntries(CHARTER_TEXT_FIELDS.map((field) => [field, row[charterColumn(field)]])) as Record<
    CharterTextField,
    string
  >;
}
