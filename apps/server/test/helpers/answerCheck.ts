/**
 * Every JSON answer a test gets from the test server, checked against the declaration of the
 * endpoint that gave it (its `answer` schema): a field missing or of another type fails the test
 * as the web client would fail (it reads answers with the same schema), and so does a field the
 * declaration does not have, which the client's parse would silently drop.
 */
import type { Endpoint } from '@keystone/contract';
import { API_ENDPOINTS } from '@keystone/contract/endpoints';
import { operationsApi } from '@keystone/contract/endpoints/operations';
import { z } from 'zod';

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  /** Per path segment 's' (static) or 'p' (a parameter): a static segment wins, as in Fastify's router. */
  rank: string;
}

const ROUTES: Route[] = API_ENDPOINTS.map((endpoint) => {
  const segments = endpoint.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    endpoint,
    // A trailing slash is optional on the wire.
    pattern: new RegExp(`^/${source}/?$`),
    rank: segments.map((segment) => (segment.startsWith('{') ? 'p' : 's')).join(''),
  };
});

/** The declared endpoint a request reaches, if any. */
export function endpointOf(method: string, url: string): Endpoint | undefined {
  const path = url.split('?')[0]!;
  const matches = ROUTES.filter((route) => route.endpoint.method === method && route.pattern.test(path));
  matches.sort((a, b) => a.rank.localeCompare(b.rank));
  return matches[0]?.endpoint;
}

/** The paths of keys the answer has and the parse dropped: fields the declaration does not have. */
function undeclaredFields(sent: unknown, read: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(read)) {
    return sent.flatMap((item, index) => undeclaredFields(item, read[index], `${path}[${index}]`));
  }
  if (!isRecord(sent) || !isRecord(read)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in read ? undeclaredFields(sent[key], read[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a successful JSON answer does not match its endpoint's declaration, or undefined when it does. */
export function answerMismatch(endpoint: Endpoint, body: unknown): string | undefined {
  if (!endpoint.answer) {
    // The API document is JSON by its own standard (OpenAPI), not by a schema of the contract.
    return endpoint === operationsApi.openApi ? undefined : 'it answers JSON, but declares no answer';
  }
  const parsed = endpoint.answer.safeParse(body);
  if (!parsed.success) return z.prettifyError(parsed.error);
  const undeclared = undeclaredFields(body, parsed.data, 'answer');
  return undeclared.length > 0 ? `fields it does not declare: ${undeclared.join(', ')}` : undefined;
}

/** Throws, naming the endpoint and the mismatch, when a successful JSON answer breaks its declaration. */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const endpoint = endpointOf(method, url);
  if (!endpoint || endpoint.html || endpoint.file) return;
  const mismatch = answerMismatch(endpoint, body);
  if (mismatch) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered ${status} with what its declaration does not allow:\n${mismatch}`,
    );
  }
}
