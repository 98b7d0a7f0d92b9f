/**
 * GET /api/docs/openapi.json: an OpenAPI 3.1 document built once from the contract's route table
 * and zod schemas (z.toJSONSchema); GET /api/docs: the same document as a plain HTML page, rendered
 * here, so it needs no script (the CSP allows scripts from this server only).
 */

import { idSchema, PRODUCT_NAME } from '@keystone/contract';
import { API_ROUTES, API_SCHEMAS, type ApiBody, type ApiRoute } from '@keystone/contract/apiRoutes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
  400: 'Bad input: `detail`, and `errors` per field',
  403: 'Not allowed, or a missing or unknown API key',
  404: 'Not found, or not visible to this user',
  409: 'Conflict: a limit is reached, or someone else is editing the field',
  413: 'Body too large (over 1 MiB)',
  429: 'Too many requests from this address, or a quota is reached; try again later',
  503: 'A service this call needs is unavailable',
};

const SECURITY_NOTE =
  'Send `Authorization: Token {key}`. Get a key with POST /api/auth/login/ ({"email", "password"} → ' +
  '{"user_id", "key"}); POST /api/auth/logout/ revokes it, and it expires after 14 days unused. ' +
  'A missing or unknown key on a protected call answers 403.';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const bodySchema = (body: ApiBody) =>
  typeof body === 'string' ? ref(body) : { type: 'array', items: ref(body[0]) };
const bodyName = (body: ApiBody) => (typeof body === 'string' ? body : `${body[0]}[]`);

/** Every status a route can answer: its success, then errors implied by its shape, then its own. */
export function errorStatuses(route: ApiRoute): number[] {
  const statuses = new Set<number>();
  if (route.request || route.path.includes('{id}') || route.query) statuses.add(400);
  if (route.auth) statuses.add(403);
  if (route.request) statuses.add(413);
  if (route.rateLimited) statuses.add(429);
  for (const status of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function parameters(route: ApiRoute): unknown[] {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'id' ? jsonSchema(idSchema, 'output') : { type: 'string', maxLength: 500 },
  }));
  const inQuery = Object.entries(route.query ?? {}).map(([name, description]) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: jsonSchema(idSchema, 'output'),
  }));
  return [...inPath, ...inQuery];
}

function operation(route: ApiRoute): Record<string, unknown> {
  const success = route.status ?? 200;
  const responses: Record<string, unknown> = {};
  const content = route.html
    ? { 'text/html': { schema: { type: 'string' } } }
    : route.response
      ? { 'application/json': { schema: bodySchema(route.response) } }
      : route.path.endsWith('openapi.json')
        ? { 'application/json': { schema: { type: 'object' } } }
        : undefined;
  responses[String(success)] = { description: STATUS_TEXT[success], ...(content && { content }) };
  for (const status of errorStatuses(route)) {
    const schema =
      status === 409
        ? { anyOf: [ref('Error'), ref('FieldLockConflict')] }
        : status === 503
          ? {}
          : ref('Error');
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      content: { 'application/json': { schema } },
    };
  }
  const params = parameters(route);
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    security: route.auth ? [{ tokenAuth: [] }] : [],
    ...(params.length > 0 && { parameters: params }),
    ...(route.request && {
      requestBody: { required: true, content: { 'application/json': { schema: bodySchema(route.request) } } },
    }),
    responses,
  };
}

export function buildOpenApiDocument(): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = {};
  const requestNames = new Set(
    API_ROUTES.flatMap((route) => (route.request ? [bodyName(route.request)] : [])),
  );
  for (const [name, schema] of Object.entries(API_SCHEMAS)) {
    schemas[name] = jsonSchema(schema, requestNames.has(name) ? 'input' : 'output');
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operation(route);
    paths[route.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'The REST calls of the web app. JSON is snake_case; a trailing slash on a path is optional. ' +
        'Errors are `{"detail": …}`, with `errors: {field: [messages]}` for bad input. ' +
        `${SECURITY_NOTE} Live updates use the WebSockets /ws/locks/ and /ws/streaming/ (?token=KEY).`,
    },
    servers: [{ url: '/' }],
    tags: [...new Set(API_ROUTES.map((route) => route.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: SECURITY_NOTE },
      },
      schemas,
    },
    paths,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Top-level fields of a named body schema, for the page ("—" when none). */
function fieldList(body: ApiBody | undefined, schemas: Record<string, JsonSchema>): string {
  if (!body) return '—';
  const name = typeof body === 'string' ? body : body[0];
  const properties = schemas[name]?.properties as Record<string, unknown> | undefined;
  const required = new Set((schemas[name]?.required as string[] | undefined) ?? []);
  const fields = properties
    ? Object.keys(properties)
        .map((field) => `<code>${escapeHtml(field)}</code>${required.has(field) ? '*' : ''}`)
        .join(' ')
    : '';
  return `<span class="name">${escapeHtml(bodyName(body))}</span>${fields ? `<br>${fields}` : ''}`;
}

export function renderApiDocsPage(document: Record<string, unknown>): string {
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  const info = document.info as { title: string; description: string };
  const rows = API_ROUTES.map(
    (route) => `<tr>
<td><span class="method ${route.method.toLowerCase()}">${route.method}</span></td>
<td><code>${escapeHtml(route.path)}</code><div>${escapeHtml(route.summary)}</div></td>
<td>${route.auth ? 'Token' : 'none'}</td>
<td>${fieldList(route.request, schemas)}</td>
<td>${route.status ?? 200} ${fieldList(route.response, schemas)}</td>
<td>${errorStatuses(route).join(' ')}</td>
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

export function registerApiDocs(app: FastifyInstance): void {
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  const page = renderApiDocsPage(document);
  app.get('/api/docs/openapi.json', async (_request, reply) => reply.type('application/json').send(json));
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
}
