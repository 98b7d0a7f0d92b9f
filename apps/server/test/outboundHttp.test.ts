/**
 * The guard on calls to addresses people typed (issue 32, lib/outboundHttp.ts): private, loopback
 * and link-local targets are refused, by literal and by name, unless the operator allows them;
 * redirects are answered, not followed; a slow receiver meets the deadline; a huge answer is cut.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress, PrivateTargetError, sendOutbound } from '../src/lib/outboundHttp';

const strict = { allowPrivate: false };
const allowing = { allowPrivate: true };
const post = { method: 'POST' as const, headers: {}, body: '{}', timeoutMs: 1000, maxAnswerBytes: 1024 };

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '224.0.0.1',
  ])('should refuse %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '2606:4700:4700::1111', '8.8.8.8'])('should accept %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checking an address before calling it', () => {
  it('should refuse http, credentials, loopback and metadata literals without the operator setting', () => {
    expect(checkTarget('http://hooks.example.com/x', strict)).toBe('not_https');
    expect(checkTarget('ftp://hooks.example.com/x', strict)).toBe('invalid');
    expect(checkTarget('not a url', strict)).toBe('invalid');
    expect(checkTarget('https://user:pw@hooks.example.com/x', strict)).toBe('credentials');
    expect(checkTarget('https://127.0.0.1/x', strict)).toBe('private');
    expect(checkTarget('https://169.254.169.254/latest/meta-data', strict)).toBe('private');
    expect(checkTarget('https://[::ffff:127.0.0.1]/x', strict)).toBe('private');
    expect(checkTarget('https://localhost/x', strict)).toBe('private');
    expect(checkTarget('https://hooks.example.com/x', strict)).toBeInstanceOf(URL);
  });

  it('should accept loopback and http when the operator allows private targets', () => {
    expect(checkTarget('http://127.0.0.1:9/x', allowing)).toBeInstanceOf(URL);
  });
});

describe('sending', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else if (request.url === '/slow') {
        setTimeout(() => response.end('late'), 3000).unref();
      } else if (request.url === '/huge') {
        response.writeHead(200);
        response.end(Buffer.alloc(5 * 1024 * 1024, 'a'));
      } else {
        response.writeHead(429, { 'retry-after': '2' }).end('slow down');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('should refuse a name that resolves to loopback when connecting, without the setting', async () => {
    // Each name is refused where it resolves, whatever checkTarget made of it earlier (a name
    // can resolve to a public address when saved and to a private one when sent).
    const url = new URL(`${base.replace('127.0.0.1', 'localhost')}/`);
    url.protocol = 'https:';
    await expect(sendOutbound(url, post, strict)).rejects.toBeInstanceOf(PrivateTargetError);
  });

  it('should answer a redirect as it came, without following it', async () => {
    const answer = await sendOutbound(new URL(`${base}/redirect`), post, allowing);
    expect(answer.status).toBe(307);
    expect(answer.location).toBe('http://169.254.169.254/latest/meta-data');
  });

  it('should give up on a receiver slower than the deadline', async () => {
    await expect(sendOutbound(new URL(`${base}/slow`), post, allowing)).rejects.toThrow(
      'no answer within 1 s',
    );
  });

  it('should read only the first bytes of a huge answer', async () => {
    const answer = await sendOutbound(new URL(`${base}/huge`), post, allowing);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(1024);
  });

  it('should pass on the status and Retry-After of a refusal', async () => {
    const answer = await sendOutbound(new URL(`${base}/`), post, allowing);
    expect(answer).toMatchObject({ status: 429, body: 'slow down', retryAfterSeconds: 2 });
  });
});
