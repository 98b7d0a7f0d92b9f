/**
 * Logger options: structured pino logs with a request id, and no secret in them. Keys,
 * reset and verification tokens travel in headers, paths and query strings, so each is masked.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

// The API's /password/reset/confirm/{uid}/{token}/, /verify-email/{token}/, /setup/{token}/ and
// a person's calendar address /calendar/feed/{token}.ics, and the web app's pages
// /reset-password/{uid}/{token}, /verify-email/{token} and /setup/{token}, which the server serves too.
const SECRET_PATH =
  /(\/(?:confirm\/[^/?]+|reset-password\/[^/?]+|verify-email|setup|calendar\/feed)\/)[^/?]+/g;
const SECRET_QUERY = /([?&](?:token|code|key)=)[^&]+/gi;

export function maskSecrets(url: string): string {
  return url.replace(SECRET_PATH, '$1***').replace(SECRET_QUERY, '$1***');
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key', '*.token'],
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: maskSecrets(request.url), ip: request.ip };
      },
    },
  };
}

/** Honour a load balancer's X-Request-Id when it looks sane; otherwise make one. */
export function requestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.-]{1,100}$/.test(value) ? value : randomUUID();
}
