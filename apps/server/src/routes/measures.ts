/** The HTTP side of measures: the contract's measuresApi, each handed to its service call. */
import type { measuresApi } from '@keystone/contract/endpoints/measures';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { createMeasure, deleteMeasure, updateMeasure } from '../modules/measures/definitions';
import { lockedReadings, writeReading } from '../modules/measures/readings';
import { readingsCsv } from '../modules/measures/readingsCsv';

export const measuresRoutes = (ctx: AppContext): AreaRoutes<typeof measuresApi> => ({
  createMeasure: ({ user, body }) => createMeasure(ctx, user, body),
  updateMeasure: ({ user, params, body }) => updateMeasure(ctx, user, params.id, body),
  deleteMeasure: ({ user, params }) => deleteMeasure(ctx, user, params.id),
  writeReading: ({ user, params, body }) => writeReading(ctx, user, params.id, body),
  // The progress page's write, without a version: a script's value replaces the current one.
  recordReading: ({ user, params, body }) => writeReading(ctx, user, params.id, body),
  lockedReadings: ({ user, body }) => lockedReadings(ctx, user, body.strategy_id, body.date),
  readingsCsv: async ({ user, params, reply }) => {
    const { fileName, text } = await readingsCsv(ctx, user, params.id);
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        // The readings are the organisation's private figures: no cache keeps them.
        .header('cache-control', 'private, no-store')
        .send(text)
    );
  },
});
