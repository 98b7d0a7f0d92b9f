/**
 * GET /Users's query (RFC 7644 §3.4.2): the one filter providers send to find a person before
 * creating them (`userName eq "…"`, also on externalId or id), and startIndex/count paging.
 * Anything richer is refused as invalidFilter rather than half understood.
 */
import { SCIM_MESSAGES } from '@keystone/contract';
import { ScimError } from './errors';
import { USER_SCHEMA } from './userResource';

export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** The most a page holds (ServiceProviderConfig's filter.maxResults). */
export const PAGE_MAX = 200;
const FILTER_MAX = 1000;

export interface UserFilter {
  attribute: 'username' | 'externalid' | 'id';
  value: string;
}

export interface UserQuery {
  filter?: UserFilter;
  /** 1-based, as SCIM counts. */
  startIndex: number;
  count: number;
}

const FILTER_PATTERN = /^\s*([a-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
const invalidFilter = () => new ScimError(400, SCIM_MESSAGES.scimInvalidFilter, 'invalidFilter');

function parseFilter(text: string): UserFilter {
  const match = text.length <= FILTER_MAX ? FILTER_PATTERN.exec(text) : null;
  if (!match) throw invalidFilter();
  let attribute = match[1]!.toLowerCase();
  const prefix = `${USER_SCHEMA.toLowerCase()}:`;
  if (attribute.startsWith(prefix)) attribute = attribute.slice(prefix.length);
  if (attribute !== 'username' && attribute !== 'externalid' && attribute !== 'id') throw invalidFilter();
  try {
    // The quoted value is a JSON string (RFC 7644 §3.4.2.2): its escapes read as JSON's.
    return { attribute, value: JSON.parse(`"${match[2]}"`) as string };
  } catch {
    throw invalidFilter();
  }
}

function whole(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value))
    throw new ScimError(400, SCIM_MESSAGES.scimInvalidPaging, 'invalidValue');
  return Number(value);
}

/** Reads the query; out-of-range paging is brought in range as RFC 7644 §3.4.2.4 says. */
export function parseUserQuery(query: Record<string, unknown>): UserQuery {
  const filter = query.filter;
  if (filter !== undefined && typeof filter !== 'string') throw invalidFilter();
  return {
    filter: filter === undefined || filter.trim() === '' ? undefined : parseFilter(filter),
    startIndex: Math.max(1, whole(query.startIndex, 1)),
    count: Math.min(PAGE_MAX, Math.max(0, whole(query.count, PAGE_MAX))),
  };
}

export function listResponse<Resource>(resources: Resource[], totalResults: number, startIndex: number) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
