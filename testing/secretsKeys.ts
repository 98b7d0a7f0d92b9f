/**
 * The SECRETS_KEYS of the servers the tests start, in-process and as processes: instances sharing
 * one database must seal with the same key (it is required with DATABASE_URL). Made up for tests.
 */
export const TEST_SECRETS_KEYS = 'test:a2V5c3RvbmUgdGVzdHMgb25seTogbm90IGEga2V5ISE=';
