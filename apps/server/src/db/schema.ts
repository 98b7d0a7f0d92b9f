/**
 * Database tables (Drizzle), one file per subject; drizzle.config.ts reads this file, so migrations
 * under ./migrations are generated from every table it re-exports.
 */
export * from './accountSecuritySchema';
export * from './accountsSchema';
export * from './companySignInSchema';
export * from './deletedRecordsSchema';
export * from './helpVideosSchema';
export * from './instancesSchema';
export * from './integrationsSchema';
export * from './measuresSchema';
export * from './strategiesSchema';
