import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from './helpers/testServer';

// Large enough for the per-request compression to take it on, were it not compressed already.
const BUNDLE = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word${i}`))};`;

describe('serving the web app', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'keystone-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Keystone</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    // As the web build writes them (apps/web/precompress.ts): the file, and its .br and .gz copies.
    const bundle = path.join(webDist, 'assets', 'bundle-def456.js');
    writeFileSync(bundle, BUNDLE);
    writeFileSync(`${bundle}.br`, brotliCompressSync(BUNDLE));
    writeFileSync(`${bundle}.gz`, gzipSync(BUNDLE));
    server = await getTestServer({ webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('should answer any screen path with index.html (history fallback)', async () => {
    const response = await server.api('GET', '/reset-password/MQ/some-token');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<title>Keystone</title>');
  });

  it('should serve hashed assets with a long cache lifetime', async () => {
    const response = await server.api('GET', '/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("should serve an asset's brotli copy as it is, with a long cache lifetime", async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/bundle-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    // Compressed once: the bytes decompress to the file itself.
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('should serve the file itself to a client that accepts no compression', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/bundle-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BUNDLE);
  });

  it('should serve index.html uncached, so a new build is picked up', async () => {
    const response = await server.api('GET', '/strategies');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('should serve files of a rebuild made while it runs', async () => {
    writeFileSync(path.join(webDist, 'assets', 'app-new456.js'), 'console.log("new")');
    const response = await server.api('GET', '/assets/app-new456.js');
    expect(response.status).toBe(200);
    expect(response.body).toContain('new');
  });

  it('should answer a missing asset with 404, not the HTML page', async () => {
    const response = await server.api('GET', '/assets/app-old999.js');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });

  it('should answer /metrics with a 404, not the page: the metrics have a listener of their own', async () => {
    for (const url of ['/metrics', '/metrics/', '/metrics?name=x']) {
      const response = await server.api('GET', url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('should answer unknown API paths with a JSON 404', async () => {
    const response = await server.api('GET', '/api/no-such-call/');
    expect(response.status).toBe(404);
    expect(response.body.detail).toBeTypeOf('string');
  });
});
