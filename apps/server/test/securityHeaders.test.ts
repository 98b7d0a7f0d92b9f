/**
 * Security headers of every answer (issue 13): the CSP lets the page connect to its own origin
 * only (its sockets included, through 'self'), and a Permissions-Policy denies the browser
 * features the app does not use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from './helpers/testServer';

const DENIED = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'display-capture'];

describe('security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** The directives of a CSP header, by name. */
  const directives = (header: unknown) =>
    new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    );

  for (const [what, method, url] of [
    ['a public call', 'GET', '/api/config/'],
    ['a refused call', 'GET', '/api/get-user-details/'],
    ['an unknown path', 'GET', '/no/such/page'],
  ] as const) {
    it(`should send connect-src 'self' only and the Permissions-Policy on ${what}`, async () => {
      const response = await server.api(method, url);
      expect(directives(response.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
      const policy = String(response.headers['permissions-policy']);
      for (const feature of DENIED) expect(policy).toContain(`${feature}=()`);
      // The embedded video players may still go full screen.
      expect(policy).not.toContain('fullscreen');
      // Helmet's other headers, worked out once at start-up (http/securityHeaders.ts).
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });
  }
});
