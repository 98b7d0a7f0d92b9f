/**
 * The production bundle makes PDFs too, in its worker thread (dist/pdfWorker.js): pdfkit stays in
 * node_modules beside it (its data files), and the DejaVu fonts and the CJK fallback fonts are
 * found from apps/server/dist (scripts/build-server.mjs).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { readPdf } from './helpers/readPdf';

const root = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Quartz-lantern8?';
const LINK = /Open this link to set it up: (\S+?)"/;

describe('PDFs from node apps/server/dist/main.js', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { cwd: root, stdio: 'pipe' });
    server = await startServerProcess({ LOG_LEVEL: 'warn' }, [process.execPath, 'apps/server/dist/main.js']);
  }, 180_000);
  afterAll(() => server?.stop());

  async function administratorKey(): Promise<string> {
    const deadline = Date.now() + 10_000;
    let link: string | undefined;
    while (!link && Date.now() < deadline) {
      link = LINK.exec(server.output())?.[1];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!link) throw new Error(`no setup link printed:\n${server.output()}`);
    const created = await server.api('POST', '/api/setup/', {
      body: {
        token: link.slice(`${server.baseUrl}/setup/`.length),
        organisation_name: 'Northwind',
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@northwind.test',
        password1: PASSWORD,
        password2: PASSWORD,
      },
    });
    expect(created.status).toBe(201);
    return created.body.key;
  }

  it('should answer a strategy PDF whose text reads back', async () => {
    const key = await administratorKey();
    const strategy = await server.api('POST', '/api/strategy/create/', {
      token: key,
      body: { title: 'Łódź – Ελλάδα – Київ – 東京 – 서울' },
    });
    expect(strategy.status).toBe(201);
    const response = await fetch(`${server.baseUrl}/api/strategy/${strategy.body.id}/pdf/?paper=letter`, {
      headers: { authorization: `Token ${key}` },
    });
    expect(response.status, server.output()).toBe(200);
    const pdf = await readPdf(Buffer.from(await response.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Łódź – Ελλάδα – Київ – 東京 – 서울');
  }, 60_000);
});
