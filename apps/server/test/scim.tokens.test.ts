/**
 * /api/organisation/scim-tokens/: administrators create a SCIM token (shown once, with its
 * prefix), list and revoke them; at most SCIM_TOKENS_MAX live ones; each change on the security
 * log; nobody else, and no other organisation, sees or revokes them.
 */
import { ORGANISATION_MESSAGES, SCIM_TOKENS_MAX, SSO_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimTokens } from '../src/db/schema';
import { buildOrganisation, type OrganisationFixture, organisationApi } from './helpers/organisation';
import { scimTokenApi } from './helpers/scim';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('SCIM tokens', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  let tokens: ReturnType<typeof scimTokenApi>;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
    tokens = scimTokenApi(server.api);
  });
  afterAll(() => server.close());

  it('should show a new token once, with its prefix, and keep only its hash', async () => {
    const created = await tokens.create(f.admin.key, { name: 'Okta' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      detail: SSO_MESSAGES.scimTokenCreated,
      base_url: `${server.ctx.config.appUrl}/scim/v2`,
      scim_token: {
        name: 'Okta',
        created_by: { id: f.admin.id, name: 'Ada Admin' },
        last_used_at: null,
      },
    });
    expect(created.body.token).toMatch(/^kscim_[\w-]{43}$/);
    const stored = await server.database.db.select().from(scimTokens);
    expect(JSON.stringify(stored)).not.toContain(created.body.token);

    const list = await tokens.list(f.admin.key);
    expect(list.status).toBe(200);
    expect(list.body.base_url).toBe(`${server.ctx.config.appUrl}/scim/v2`);
    expect(list.body.tokens).toEqual([created.body.scim_token]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
  });

  it('should refuse a token without a name', async () => {
    const response = await tokens.create(f.admin.key, { name: '  ' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(SSO_MESSAGES.scimTokenNameRequired);
  });

  it('should hold at most SCIM_TOKENS_MAX live tokens, and make room when one is revoked', async () => {
    const live = (await tokens.list(f.admin.key)).body.tokens.length;
    for (let index = live; index < SCIM_TOKENS_MAX; index += 1)
      expect((await tokens.create(f.admin.key, { name: `Spare ${index}` })).status).toBe(201);
    const refused = await tokens.create(f.admin.key, { name: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(SSO_MESSAGES.scimTokensMax(SCIM_TOKENS_MAX));

    const [newest] = (await tokens.list(f.admin.key)).body.tokens;
    const revoked = await tokens.revoke(f.admin.key, newest.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ detail: SSO_MESSAGES.scimTokenRevoked });
    expect(
      (await tokens.list(f.admin.key)).body.tokens.map((token: { id: number }) => token.id),
    ).not.toContain(newest.id);
    expect((await tokens.revoke(f.admin.key, newest.id)).status).toBe(404);
    expect((await tokens.create(f.admin.key, { name: 'Replacement' })).status).toBe(201);
  });

  it('should put creations and revocations on the security log, naming the token', async () => {
    const log = await organisationApi(server.api).securityLog(f.admin.key, 'kind=scim_token_revoked');
    expect(log.body.results[0]).toMatchObject({
      kind: 'scim_token_revoked',
      actor: { id: f.admin.id },
      detail: { scim_token: expect.stringMatching(/^Spare/) },
    });
    const created = await organisationApi(server.api).securityLog(f.admin.key, 'kind=scim_token_created');
    expect(created.body.results.at(-1)).toMatchObject({
      actor: { id: f.admin.id },
      detail: { scim_token: 'Okta' },
    });
  });

  it('should keep the tokens from members and from other organisations', async () => {
    for (const answer of [
      await tokens.list(f.member.key),
      await tokens.create(f.member.key, { name: 'Mine' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ detail: ORGANISATION_MESSAGES.adminsOnly });
    }
    const [ours] = (await tokens.list(f.admin.key)).body.tokens;
    expect((await tokens.list(f.outsider.key)).body.tokens).toEqual([]);
    expect((await tokens.revoke(f.outsider.key, ours.id)).status).toBe(404);
    expect((await tokens.list(f.admin.key)).body.tokens[0]).toEqual(ours);
  });
});
