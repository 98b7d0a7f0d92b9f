/**
 * The first run as a newcomer sees it: the real server started on an empty DATA_DIR prints a
 * setup link (even at LOG_LEVEL=warn), and that link sets the organisation up once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';

const PASSWORD = 'Quartz-lantern8?';
const LINK = /Open this link to set it up: (\S+?)"/;

describe('npm start on an empty database', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOG_LEVEL: 'warn' });
  });
  afterAll(() => server.stop());

  /** The log line is written just after the server listens; /readyz may answer first. */
  async function printedLink(): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const link = LINK.exec(server.output())?.[1];
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no setup link printed:\n${server.output()}`);
  }

  it('should also print the link on a plain line of its own, outside the JSON log line', async () => {
    const link = await printedLink();
    const lines = server.output().split('\n');
    expect(lines).toContain(link);
    const at = lines.indexOf(link);
    expect(lines.slice(at - 3, at).join('\n')).toContain(
      'Keystone has no organisation yet. Open this link to set it up:',
    );
  });

  it('should print a setup link that creates the organisation and logs its administrator in', async () => {
    const link = await printedLink();
    expect(link.startsWith(`${server.baseUrl}/setup/`)).toBe(true);
    const token = link.slice(`${server.baseUrl}/setup/`.length);

    expect((await server.api('GET', '/api/config/')).body.needs_setup).toBe(true);
    expect((await server.api('GET', `/api/setup/${token}/`)).body).toEqual({ valid: true });

    const created = await server.api('POST', '/api/setup/', {
      body: {
        token,
        organisation_name: 'Northwind Traders',
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@northwind.test',
        password1: PASSWORD,
        password2: PASSWORD,
      },
    });
    expect(created.status).toBe(201);
    const me = await server.api('GET', '/api/get-user-details/', { token: created.body.key });
    expect(me.body).toMatchObject({ email: 'grace@northwind.test', is_admin: true });

    expect((await server.api('GET', `/api/setup/${token}/`)).body).toEqual({ valid: false });
    expect((await server.api('GET', '/api/config/')).body.needs_setup).toBe(false);
  });
});
