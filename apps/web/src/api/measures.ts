/**
 * The measure calls of DESIGN §10 (contract endpoints/measures.ts): defining, changing and
 * deleting a measure, writing its current reading, and the readings' CSV download. Plain calls
 * answering the wire form, which the contract's measureMath reads; the pages' hooks
 * (measureDefinitions.ts, measureReadings.ts) put the answers into the caches.
 */
import {
  type LockedReading,
  type Measure,
  type MeasureDefinition,
  readingsCsvFileName,
  type UpdateMeasureRequest,
  type WriteReadingRequest,
} from '@keystone/contract';
import { measuresApi } from '@keystone/contract/endpoints/measures';
import { apiRequest, apiResponse } from './client';
import { saveAnswer } from './fileDownload';

/** A definition as the dialog sends it: every field, numbers as typed (the server reads them exactly). */
export type MeasureFields = Omit<MeasureDefinition, 'target_date'> & {
  /** Null on creation: the server picks the strategy's last due date within the coming year. */
  target_date: string | null;
};

/** Whose measure it is: an initiative's (defined on its charter) or a focus area's (on the board). */
export type MeasureOwner = { initiative: number } | { focusArea: number };

export function createMeasure(owner: MeasureOwner, fields: MeasureFields): Promise<Measure> {
  const { target_date, ...rest } = fields;
  const where = 'initiative' in owner ? { initiative: owner.initiative } : { focus_area: owner.focusArea };
  return apiRequest(measuresApi.createMeasure, {
    body: { ...where, ...rest, ...(target_date ? { target_date } : {}) },
  });
}

/** The whole definition with the version it was read at (a 409 when someone changed it since). */
export function updateMeasure(id: number, fields: MeasureFields, version: number): Promise<Measure> {
  const { target_date, ...rest } = fields;
  return apiRequest(measuresApi.updateMeasure, {
    params: { id },
    body: { ...rest, ...(target_date ? { target_date } : {}), version },
  });
}

/** Some fields of a definition (a restore from the history puts back one); the server checks it whole. */
export function updateMeasureFields(
  id: number,
  change: Omit<UpdateMeasureRequest, 'version'>,
  version: number | undefined,
): Promise<Measure> {
  return apiRequest(measuresApi.updateMeasure, { params: { id }, body: { ...change, version } });
}

export async function deleteMeasure(id: number): Promise<void> {
  await apiRequest(measuresApi.deleteMeasure, { params: { id } });
}

/** Every reading of the strategy's measures as CSV, saved as a file. */
export async function downloadReadingsCsv(strategyId: number): Promise<void> {
  const response = await apiResponse(measuresApi.readingsCsv, { params: { id: strategyId } }, 'text/csv');
  await saveAnswer(response, readingsCsvFileName(strategyId));
}

/** The current due date's reading: value (null: "No reading") and/or note, as an edit of `version`. */
export function writeReading(id: number, body: WriteReadingRequest): Promise<Measure> {
  return apiRequest(measuresApi.writeReading, { params: { id }, body });
}

/** The readings locked at one past due date of a strategy (its historical view). */
export function fetchLockedReadings(strategyId: number, date: string): Promise<LockedReading[]> {
  return apiRequest(measuresApi.lockedReadings, { body: { strategy_id: strategyId, date } });
}
