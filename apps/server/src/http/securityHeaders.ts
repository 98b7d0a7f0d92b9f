/**
 * The security headers of every answer: helmet's set, with the app's Content-Security-Policy.
 * They never change, so they are worked out once at start-up by running helmet's middleware on a
 * stand-in answer, and each answer gets the same headers. (The Fastify plugin builds helmet's
 * middleware again on every request, parsing the policy each time: about 80 µs of CPU per
 * request, a tenth of an autosave's.)
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) writes its styles into <style> tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // 'self' covers the app's own ws:/wss: origin (CSP3): no socket to any other host.
      connectSrc: ["'self'"],
      // Only the app's own help-video player page (/help-player/…), which has a policy of its own
      // allowing the one host an organisation chose (modules/helpVideos/playerPage.ts).
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet's middleware sets with OPTIONS, by lower-case name. */
function helmetHeaders(): Record<string, string> {
  // A stand-in request and answer: never sent, they only collect what helmet sets.
  const request = new IncomingMessage(new Socket());
  const answer = new ServerResponse(request);
  let finished = false;
  // With no function in its directives, the middleware reads nothing from the request and calls
  // back before it returns.
  helmet(OPTIONS)(request, answer, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return Object.fromEntries(
    Object.entries(answer.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
