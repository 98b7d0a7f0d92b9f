/**
 * The API's OpenAPI 3.1 document, built from the contract's endpoint declarations and zod schemas
 * (z.toJSONSchema), and the same document as a plain HTML page, rendered here, so it needs no
 * script (the CSP allows scripts from this server only). routes/operations.ts serves both.
 */

import {
  ACCESS_TOKEN_CALLS_PER_MINUTE,
  ACCESS_TOKEN_PREFIX,
  type Endpoint,
  errorResponse,
  fieldLockConflictSchema,
  PRODUCT_NAME,
} from '@keystone/contract';
import { API_ENDPOINTS } from '@keystone/contract/endpoints';
import { z } from 'zod';
import { escapeHtml } from '../lib/html';
import { type JsonSchema, jsonSchema, schemaName } from './jsonSchema';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  400: 'Bad input: `detail`, and `errors` per field',
  403: 'Not allowed, or a missing or unknown API key (or an access token refused: expired, revoked, read-only, or a session-only call)',
  404: 'Not found, or not visible to this user',
  409: 'Conflict: a limit is reached, someone else is editing the field, or it changed since you read it',
  413: 'Body too large (over 1 MiB)',
  429: 'Too many requests from this address or access token, or a quota is reached; try again later',
  503: 'A service this call needs is unavailable',
};

const SECURITY_NOTE =
  'Send `Authorization: Token {key}`. Get a key with POST /api/auth/login/ ({"email", "password"} → ' +
  '{"user_id", "key"}); POST /api/auth/logout/ revokes it, and it expires after 14 days unused. ' +
  'A missing or unknown key on a protected call answers 403.';

const ACCESS_TOKEN_NOTE =
  `A personal access token (made in profile settings, \`${ACCESS_TOKEN_PREFIX}…\`) is sent as ` +
  `\`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…\` (or \`Token ${ACCESS_TOKEN_PREFIX}…\`) and acts as its person. ` +
  'Its scope is `read` (GET calls only) or `read_write`; each operation names the scope it needs. ' +
  'Calls on account security (marked `x-session-only`) refuse tokens whatever their scope. ' +
  `One token may make ${ACCESS_TOKEN_CALLS_PER_MINUTE} calls a minute (then 429 with Retry-After). ` +
  'An expired, revoked or read-only token, or one sent to a session-only call, answers 403 with `detail` saying why.';

/** The scope a personal access token needs for an operation; none for a session-only one. */
function tokenScopeOf(endpoint: Endpoint): 'read' | 'read_write' | null {
  if (!endpoint.auth || endpoint.sessionOnly) return null;
  return endpoint.method === 'GET' ? 'read' : 'read_write';
}

/** Who may call an operation: a session key, and an access token of the scope it needs (OpenAPI 3.1 roles). */
function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  if (!endpoint.auth) return [];
  const scope = tokenScopeOf(endpoint);
  return scope ? [{ tokenAuth: [] }, { accessToken: [scope] }] : [{ tokenAuth: [] }];
}

/** The page's words for who may call an operation. */
function authWords(endpoint: Endpoint): string {
  if (!endpoint.auth) return 'none';
  const scope = tokenScopeOf(endpoint);
  if (!scope) return 'Session key only';
  return scope === 'read' ? 'Token; access token (read)' : 'Token; access token (read_write)';
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The name of a named schema, or of the element of an array of one ("Name[]"). */
function nameOf(schema: z.ZodType): { name: string; array: boolean } | undefined {
  const name = schemaName(schema);
  if (name) return { name, array: false };
  const itemName = schema instanceof z.ZodArray ? schemaName(schema.element as z.ZodType) : undefined;
  return itemName ? { name: itemName, array: true } : undefined;
}

/** A named schema or an array of one, by reference; any other written out in place. */
function bodySchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const named = nameOf(schema);
  if (!named) return jsonSchema(schema, io);
  return named.array ? { type: 'array', items: ref(named.name) } : ref(named.name);
}

/** The document's name of a body or answer, for the page. */
function bodyName(schema: z.ZodType): string | null {
  const named = nameOf(schema);
  return named ? `${named.name}${named.array ? '[]' : ''}` : null;
}

/** The error answers' schemas (every error status refers to them). */
const ERROR_NAME = schemaName(errorResponse)!;
const CONFLICT_NAME = schemaName(fieldLockConflictSchema)!;

/** Every status an endpoint can answer beyond its success: those its shape implies, then its own. */
export function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set<number>();
  if (endpoint.body || endpoint.params?.shape.id || endpoint.query) statuses.add(400);
  if (endpoint.auth) statuses.add(403);
  if (endpoint.body) statuses.add(413);
  // Every change a signed-in person makes is paced too (the write rate, core/writeRate.ts), and
  // every call an access token may make is counted per token.
  if (endpoint.rateLimit || (endpoint.auth && endpoint.method !== 'GET') || tokenScopeOf(endpoint))
    statuses.add(429);
  for (const status of endpoint.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function parameters(endpoint: Endpoint): unknown[] {
  const place = (where: 'path' | 'query', schema: z.ZodObject | undefined) =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => {
      const { description, ...fieldSchema } = jsonSchema(field as z.ZodType, 'input');
      return {
        name,
        in: where,
        required: where === 'path',
        ...(description !== undefined && { description }),
        schema: fieldSchema,
      };
    });
  return [...place('path', endpoint.params), ...place('query', endpoint.query)];
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  const success = endpoint.status ?? 200;
  const responses: Record<string, unknown> = {};
  const content = endpoint.html
    ? { 'text/html': { schema: { type: 'string' } } }
    : endpoint.file
      ? { [endpoint.file]: { schema: { type: 'string', contentEncoding: 'binary' } } }
      : endpoint.answer
        ? { 'application/json': { schema: bodySchema(endpoint.answer, 'output') } }
        : endpoint.path.endsWith('openapi.json')
          ? { 'application/json': { schema: { type: 'object' } } }
          : undefined;
  responses[String(success)] = { description: STATUS_TEXT[success], ...(content && { content }) };
  for (const status of errorStatuses(endpoint)) {
    const schema =
      status === 409
        ? { anyOf: [ref(ERROR_NAME), ref(CONFLICT_NAME)] }
        : status === 503
          ? {}
          : ref(ERROR_NAME);
    responses[String(status)] = {
      description:
        status === 413 && endpoint.bodyLimitBytes
          ? `Body too large (over ${Math.floor(endpoint.bodyLimitBytes / 1024)} KiB)`
          : STATUS_TEXT[status],
      content: { 'application/json': { schema } },
    };
  }
  const params = parameters(endpoint);
  return {
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^a-zA-Z0-9]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    security: securityOf(endpoint),
    ...(endpoint.sessionOnly && {
      description: 'Account security: only with a signed-in session key, never a personal access token.',
      'x-session-only': true,
    }),
    ...(params.length > 0 && { parameters: params }),
    ...(endpoint.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: bodySchema(endpoint.body, 'input') } },
      },
    }),
    responses,
  };
}

export function buildOpenApiDocument(): Record<string, unknown> {
  // The shared schemas: the errors', then every named body and answer in the endpoints' order,
  // each as sent when some endpoint takes it as its body, else as answered.
  const named = new Map<string, z.ZodType>();
  const requestNames = new Set<string>();
  const share = (schema: z.ZodType | undefined, io: 'input' | 'output') => {
    const found = schema && nameOf(schema);
    if (!found) return;
    named.set(found.name, found.array ? ((schema as z.ZodArray).element as z.ZodType) : schema);
    if (io === 'input') requestNames.add(found.name);
  };
  share(errorResponse, 'output');
  share(fieldLockConflictSchema, 'output');
  for (const endpoint of API_ENDPOINTS) {
    share(endpoint.body, 'input');
    share(endpoint.answer, 'output');
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of named) {
    schemas[name] = jsonSchema(schema, requestNames.has(name) ? 'input' : 'output');
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    const item = paths[endpoint.path] ?? {};
    item[endpoint.method.toLowerCase()] = operation(endpoint);
    paths[endpoint.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'The REST calls of the web app. JSON is snake_case; a trailing slash on a path is optional. ' +
        'Errors are `{"detail": …}`, with `errors: {field: [messages]}` for bad input. ' +
        `${SECURITY_NOTE} ${ACCESS_TOKEN_NOTE} Live updates use the WebSockets /ws/locks/ and /ws/streaming/ (?token=KEY).`,
    },
    servers: [{ url: '/' }],
    tags: [...new Set(API_ENDPOINTS.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: SECURITY_NOTE },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${ACCESS_TOKEN_PREFIX}…`,
          description: ACCESS_TOKEN_NOTE,
        },
      },
      schemas,
    },
    paths,
  };
}

/** Top-level fields of a named body schema, for the page ("—" when none). */
function fieldList(body: z.ZodType | undefined, schemas: Record<string, JsonSchema>): string {
  if (!body) return '—';
  const label = bodyName(body);
  // A schema without a document name (e.g. the health answer) is described by its own fields.
  const schema = label ? schemas[label.replace(/\[\]$/, '')] : jsonSchema(body, 'output');
  const properties = schema?.properties as Record<string, unknown> | undefined;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const fields = properties
    ? Object.keys(properties)
        .map((field) => `<code>${escapeHtml(field)}</code>${required.has(field) ? '*' : ''}`)
        .join(' ')
    : '';
  if (!label) return fields || '—';
  return `<span class="name">${escapeHtml(label)}</span>${fields ? `<br>${fields}` : ''}`;
}

export function renderApiDocsPage(document: Record<string, unknown>): string {
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  const info = document.info as { title: string; description: string };
  const rows = API_ENDPOINTS.map(
    (endpoint) => `<tr>
<td><span class="method ${endpoint.method.toLowerCase()}">${endpoint.method}</span></td>
<td><code>${escapeHtml(endpoint.path)}</code><div>${escapeHtml(endpoint.summary)}</div></td>
<td>${authWords(endpoint)}</td>
<td>${fieldList(endpoint.body, schemas)}</td>
<td>${endpoint.status ?? 200} ${fieldList(endpoint.answer, schemas)}</td>
<td>${errorStatuses(endpoint).join(' ')}</td>
</tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
code{font-size:13px}.name{font-weight:600}.method{font-weight:700;font-family:monospace}
.get{color:#0a6}.post{color:#06c}.patch{color:#a60}.delete{color:#c22}
</style></head><body>
<h1>${escapeHtml(info.title)}</h1>
<p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1). Fields marked * are required.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Auth</th><th>Request body</th><th>Response</th><th>Errors</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>`;
}
