/**
 * JSON body parsing. Differs from Fastify's default in one way the spec needs: the client
 * sends `Content-Type: application/json` with an empty body (e.g. the approval PATCH), which
 * must read as "no body", not a 400. Prototype keys are refused as Fastify does.
 */

import { MESSAGES } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../core/errors';

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(;.*)?$/i,
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        done(new HttpError(400, MESSAGES.malformedJson), undefined);
      }
    },
  );
}
