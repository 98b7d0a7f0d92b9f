/** @keystone/contract: wire schemas, limits, messages and permission rules shared by server and web. */
import './browserConfig';

export * from './activityLabels';
export * from './auth';
export * from './charter';
export * from './endpoint';
export * from './errors';
export * from './history';
export * from './invites';
export * from './limits';
export * from './messages';
export * from './mfa';
export * from './organisation';
export * from './password';
export * from './permissions';
export * from './primitives';
export * from './progress';
export * from './realtime';
export * from './richText';
export * from './richTextRules';
export * from './security';
export * from './sessions';
export * from './statuses';
export * from './strategies';
export * from './team';
export * from './timeZones';
export * from './userAgent';
export * from './users';
