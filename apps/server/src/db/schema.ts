/**
 * Database tables (Drizzle), one file per subject; drizzle.config.ts reads this file, so migrations
 * under ./migrations are generated from every table it re-exports.
 */
export * from './accountSecuritySchema';
export * from './accountsSchema';
export * from './deletedRecordsSchema';
export * from './helpVideosSchema';
export * from './measuresSchema';
export * from './strategiesSchema';
