/** Measures (DESIGN §10): their definitions, the current due date's readings, and every reading as CSV. */
import { type Endpoint, idParams } from '../endpoint';
import {
  createMeasureRequest,
  lockedReadingSchema,
  lockedReadingsRequest,
  measureSchema,
  updateMeasureRequest,
  writeReadingRequest,
} from '../measures';
import { z } from '../z';

export const measuresApi = {
  createMeasure: {
    method: 'POST',
    path: '/api/measures/create/',
    tag: 'measures',
    summary: 'Define a measure on an initiative (its editors) or a focus area (the strategy masters)',
    auth: true,
    body: createMeasureRequest,
    answer: measureSchema,
    status: 201,
    errors: [404],
  },
  updateMeasure: {
    method: 'PATCH',
    path: '/api/measures/update/{id}/',
    tag: 'measures',
    summary: "Change a measure's definition (the whole definition is checked again)",
    auth: true,
    params: idParams,
    body: updateMeasureRequest,
    answer: measureSchema,
    errors: [404, 409],
  },
  deleteMeasure: {
    method: 'DELETE',
    path: '/api/measures/delete/{id}/',
    tag: 'measures',
    summary: 'Delete a measure and its readings (restorable from the deleted records)',
    auth: true,
    params: idParams,
    status: 204,
    errors: [404],
  },
  writeReading: {
    method: 'PATCH',
    path: '/api/measures/reading/{id}/',
    tag: 'measures',
    summary: "Write a measure's value and note for the current due date (progress editors)",
    auth: true,
    params: idParams,
    body: writeReadingRequest,
    answer: measureSchema,
    errors: [404, 409],
  },
  lockedReadings: {
    method: 'POST',
    path: '/api/locked-readings/',
    tag: 'measures',
    summary: "The readings locked at one past due date, beside that date's locked comments",
    auth: true,
    body: lockedReadingsRequest,
    answer: z.array(lockedReadingSchema),
    errors: [404],
  },
  readingsCsv: {
    method: 'GET',
    path: '/api/strategy/{id}/measure-readings.csv',
    tag: 'measures',
    summary:
      "Every reading of a strategy's measures, one row per measure and due date (anyone who may view it)",
    auth: true,
    params: idParams,
    file: 'text/csv',
    rateLimit: 'costly',
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
