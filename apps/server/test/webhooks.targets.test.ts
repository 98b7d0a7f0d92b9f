/**
 * Where webhooks may not go (issue 32): without the operator's WEBHOOKS_ALLOW_PRIVATE_TARGETS,
 * loopback, link-local (the cloud metadata service), private and IPv4-mapped addresses are refused
 * on creation and on change, as are http:// and credentials in the address; a Slack or Teams
 * channel must be at its service's host. Each refusal names the problem at the address field and
 * stores nothing.
 */
import { WEBHOOK_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('webhook addresses without the operator setting', () => {
  let server: TestServer;
  let admin: Member;
  const create = (kind: string, url: string) =>
    server.api('POST', '/api/organisation/webhooks/', {
      token: admin.key,
      body: { kind, url, events: kind === 'standard' ? ['strategy.updated'] : ['progress.report'] },
    });

  beforeAll(async () => {
    server = await getTestServer();
    expect(server.ctx.config.webhooksAllowPrivateTargets).toBe(false);
    admin = await signedInUser(server, { isAdmin: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.urlPrivate],
    ['https://169.254.169.254/latest/meta-data/', WEBHOOK_MESSAGES.urlPrivate],
    ['https://10.0.0.5:8443/hook', WEBHOOK_MESSAGES.urlPrivate],
    ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_MESSAGES.urlPrivate],
    ['https://[::1]/hook', WEBHOOK_MESSAGES.urlPrivate],
    ['https://localhost:8000/api/hook', WEBHOOK_MESSAGES.urlPrivate],
    ['http://hooks.example.com/hook', WEBHOOK_MESSAGES.urlNotHttps],
    ['https://me:secret@hooks.example.com/hook', WEBHOOK_MESSAGES.urlCredentials],
    ['file:///etc/passwd', WEBHOOK_MESSAGES.urlInvalid],
  ])('should refuse %s and store nothing', async (url, message) => {
    const refused = await create('standard', url);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.url).toEqual([message]);
    const list = await server.api('GET', '/api/organisation/webhooks/', { token: admin.key });
    expect(list.body).toEqual([]);
  });

  it('should refuse a Slack or Teams channel away from its service', async () => {
    const slack = await create('slack', 'https://hooks.example.com/services/T0/B0/x');
    expect(slack.status).toBe(400);
    expect(slack.body.errors.url).toEqual([WEBHOOK_MESSAGES.slackUrlInvalid]);
    const teams = await create('teams', 'https://hooks.example.com/workflows/x');
    expect(teams.status).toBe(400);
    expect(teams.body.errors.url).toEqual([WEBHOOK_MESSAGES.teamsUrlInvalid]);
  });

  it('should refuse changing a public address to a private one, and keep the old one', async () => {
    const created = await create('standard', 'https://hooks.example.com/keystone');
    expect(created.status).toBe(201);
    const id = created.body.endpoint.id;
    const changed = await server.api('PATCH', `/api/webhooks/${id}/`, {
      token: admin.key,
      body: { url: 'https://169.254.169.254/latest/meta-data/' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors.url).toEqual([WEBHOOK_MESSAGES.urlPrivate]);
    const list = await server.api('GET', '/api/organisation/webhooks/', { token: admin.key });
    expect(list.body.map((endpoint: { url: string }) => endpoint.url)).toEqual([
      'https://hooks.example.com/keystone',
    ]);
  });

  it("should put a strategy master's endpoint, and its deletion, on the administrators' security log", async () => {
    const master = await signedInUser(server, { organisationId: admin.organisationId });
    const strategy = await strategyApi(server).create(master.key, { title: 'Hooked' });
    const created = await server.api('POST', `/api/strategy/${strategy.id}/webhooks/`, {
      token: master.key,
      body: { kind: 'standard', url: 'https://hooks.example.com/hooked', events: ['strategy.updated'] },
    });
    expect(created.status).toBe(201);
    const id = created.body.endpoint.id;
    expect((await server.api('DELETE', `/api/webhooks/${id}/`, { token: master.key })).status).toBe(200);
    const log = await server.api('GET', '/api/organisation/security-log/', { token: admin.key });
    const entries = log.body.results.filter(
      (entry: { detail: { webhook_id?: number } }) => entry.detail.webhook_id === id,
    );
    expect(entries).toMatchObject([
      { kind: 'webhook_deleted', actor: { id: master.id }, detail: { strategy_id: strategy.id } },
      {
        kind: 'webhook_created',
        actor: { id: master.id },
        detail: { strategy_id: strategy.id, host: 'hooks.example.com' },
      },
    ]);
  });
});
