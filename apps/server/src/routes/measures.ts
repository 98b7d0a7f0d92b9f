/** The HTTP side of measures: the contract's measuresApi, each handed to its service call. */
import type { measuresApi } from '@keystone/contract/endpoints/measures';
import type { AppContext } from '../core/context';
import { notFound } from '../core/errors';
import type { AreaRoutes } from '../http/route';
import { createMeasure, deleteMeasure, updateMeasure } from '../modules/measures/definitions';
import { lockedReadings, writeReading } from '../modules/measures/readings';

export const measuresRoutes = (ctx: AppContext): AreaRoutes<typeof measuresApi> => ({
  createMeasure: ({ user, body }) => createMeasure(ctx, user, body),
  updateMeasure: ({ user, params, body }) => updateMeasure(ctx, user, params.id, body),
  deleteMeasure: ({ user, params }) => deleteMeasure(ctx, user, params.id),
  writeReading: ({ user, params, body }) => writeReading(ctx, user, params.id, body),
  lockedReadings: ({ user, body }) => lockedReadings(ctx, user, body.strategy_id, body.date),
  // measures-record lands the download (modules/measures/readingsCsv.ts); until then it is not there.
  readingsCsv: async () => {
    throw notFound();
  },
});
