/**
 * SCIM under attack and misuse: no token, a revoked one, a session key, another organisation's
 * token and ids, malformed, oversized and wrongly typed bodies, filters and paths it does not
 * understand, an address that has an account elsewhere. Every answer is a SCIM error with the
 * SCIM media type, nothing is stored, and nothing answers 500.
 */
import { ORGANISATION_MESSAGES, SCIM_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlaceholder, buildOrganisation, type OrganisationFixture } from './helpers/organisation';
import {
  newScimToken,
  ownDomain,
  SCIM_ERROR,
  SCIM_PATCH,
  SCIM_USER,
  scimClient,
  scimTokenApi,
} from './helpers/scim';
import type { ApiResponse } from './helpers/testServer';
import { getTestServer, type TestServer } from './helpers/testServer';

function expectScimError(response: ApiResponse, status: number, scimType?: string, detail?: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
  expect(response.body).toMatchObject({ schemas: [SCIM_ERROR], status: String(status) });
  if (scimType) expect(response.body.scimType).toBe(scimType);
  if (detail) expect(response.body.detail).toBe(detail);
}

describe('SCIM: attacks and bad input', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  let ours: ReturnType<typeof scimClient>;
  let theirs: ReturnType<typeof scimClient>;
  let token: string;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
    await ownDomain(server, f.organisationId, 'acme.example');
    token = await newScimToken(server.api, f.admin.key, 'Okta');
    ours = scimClient(server.api, token);
    theirs = scimClient(server.api, await newScimToken(server.api, f.outsider.key, 'Rival Okta'));
  });
  afterAll(() => server.close());

  it('should refuse calls without a live SCIM token', async () => {
    const user = `/scim/v2/Users/${f.member.id}`;
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Bearer kscim_guessed' },
      { authorization: `Token ${f.admin.key}` },
      { authorization: `Bearer ${f.admin.key}` },
      { authorization: `Bearer ${token}${'x'.repeat(300)}` },
    ]) {
      const refused = await server.api('GET', user, { headers });
      expectScimError(refused, 401, undefined, SCIM_MESSAGES.scimUnauthorized);
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    // Without a token, a body is not even read.
    const huge = await server.api('POST', '/scim/v2/Users', {
      headers: { 'content-type': 'application/scim+json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expectScimError(huge, 401);
  });

  it('should stop a revoked token at once', async () => {
    const spare = await newScimToken(server.api, f.admin.key, 'Spare');
    expect((await scimClient(server.api, spare).get(f.member.id)).status).toBe(200);
    const listed = (await scimTokenApi(server.api).list(f.admin.key)).body.tokens;
    const spareRow = listed.find((row: { name: string }) => row.name === 'Spare');
    expect(spareRow.last_used_at).not.toBeNull();
    await scimTokenApi(server.api).revoke(f.admin.key, spareRow.id);
    expectScimError(await scimClient(server.api, spare).get(f.member.id), 401);
  });

  it('should keep another organisation’s token away from our people', async () => {
    expectScimError(await theirs.get(f.member.id), 404, undefined, SCIM_MESSAGES.scimUserNotFound);
    expectScimError(await theirs.patch(f.member.id, [{ op: 'replace', value: { active: false } }]), 404);
    expectScimError(
      await theirs.replace(f.member.id, { schemas: [SCIM_USER], userName: 'stolen@rival.example' }),
      404,
    );
    expectScimError(await theirs.remove(f.member.id), 404);
    const list = await theirs.call('GET', '/Users');
    expect(list.body.Resources.map((user: { id: string }) => user.id)).toEqual([String(f.outsider.id)]);
    expect((await theirs.find(`userName eq "${f.member.email}"`)).body.totalResults).toBe(0);
    const member = await ours.get(f.member.id);
    expect(member.body).toMatchObject({ userName: f.member.email, active: true });
  });

  it('should refuse an address with an account, in the same words here and elsewhere', async () => {
    const here = await server.createUser({ organisationId: f.organisationId, email: 'here@acme.example' });
    const there = await server.createUser({
      organisationId: f.outsider.organisationId,
      email: 'there@acme.example',
    });
    for (const email of [here.email, there.email]) {
      const refused = await ours.create({ schemas: [SCIM_USER], userName: email });
      expectScimError(refused, 409, 'uniqueness', SCIM_MESSAGES.scimUserNameTaken);
    }
    expectScimError(
      await ours.patch(f.member.id, [{ op: 'replace', path: 'userName', value: there.email }]),
      409,
      'uniqueness',
      SCIM_MESSAGES.scimUserNameTaken,
    );
    expect((await theirs.get(there.id)).body.userName).toBe(there.email);
  });

  it('should give out only addresses at the organisation’s own domains', async () => {
    for (const email of [f.outsider.email, 'someone@rival.example', 'someone@sub.acme.example']) {
      const refused = await ours.create({ schemas: [SCIM_USER], userName: email });
      expectScimError(refused, 400, 'invalidValue', SCIM_MESSAGES.scimUserNameOutsideDomains);
    }
    expectScimError(
      await ours.patch(f.member.id, [{ op: 'replace', path: 'userName', value: 'someone@rival.example' }]),
      400,
      'invalidValue',
      SCIM_MESSAGES.scimUserNameOutsideDomains,
    );
    // The rival has no domains: it provisions nobody.
    expectScimError(
      await theirs.create({ schemas: [SCIM_USER], userName: 'new@rival.example' }),
      400,
      'invalidValue',
    );
  });

  it('should make one account of an address created by racing calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ours.create({ schemas: [SCIM_USER], userName: 'race@acme.example' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expectScimError(refused, 409, 'uniqueness', SCIM_MESSAGES.scimUserNameTaken);
  });

  it('should take over this organisation’s placeholder of an invited address', async () => {
    const placeholder = await addPlaceholder(server, f.organisationId, 'invited@acme.example');
    expectScimError(await ours.get(placeholder), 404);
    const created = await ours.create({ schemas: [SCIM_USER], userName: 'Invited@acme.example' });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(String(placeholder));
  });

  it('should refuse ids that name nobody', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', "1'or'1'='1", '%00'])
      expectScimError(await ours.get(id), 404);
  });

  it('should refuse malformed, wrongly typed and oversized bodies, storing nothing', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
    const raw = (method: 'POST' | 'PATCH', path: string, body: string, type = headers['content-type']) =>
      server.api(method, `/scim/v2${path}`, { headers: { ...headers, 'content-type': type }, body });
    expectScimError(
      await raw('POST', '/Users', '{"schemas":'),
      400,
      'invalidSyntax',
      SCIM_MESSAGES.scimMalformedJson,
    );
    expectScimError(await raw('POST', '/Users', '{"__proto__":{"x":1}}'), 400, 'invalidSyntax');
    expectScimError(await raw('POST', '/Users', 'userName=x', 'text/plain'), 415);
    expectScimError(await raw('POST', '/Users', ''), 400, 'invalidSyntax');
    expectScimError(
      await ours.create([{ schemas: [SCIM_USER], userName: 'a@acme.example' }]),
      400,
      'invalidSyntax',
    );
    expectScimError(await ours.create({ userName: 'a@acme.example' }), 400, 'invalidSyntax');
    expectScimError(
      await ours.create({ schemas: [SCIM_USER], userName: 'not an address' }),
      400,
      'invalidValue',
    );
    expectScimError(await ours.create({ schemas: [SCIM_USER], userName: 42 }), 400, 'invalidValue');
    expectScimError(await ours.create({ schemas: [SCIM_USER] }), 400, 'invalidValue');
    for (const body of [
      { name: { givenName: 'x'.repeat(151) } },
      { name: { givenName: ['A'] } },
      { name: 'A B' },
      { title: { text: 'boss' } },
      { displayName: 'Bell\u0007' },
      { active: 'maybe' },
      { externalId: 'x'.repeat(256) },
    ])
      expectScimError(
        await ours.create({ schemas: [SCIM_USER], userName: 'bad@acme.example', ...body }),
        400,
        'invalidValue',
      );
    const huge = {
      schemas: [SCIM_USER],
      userName: 'huge@acme.example',
      addresses: [{ formatted: 'x'.repeat(70 * 1024) }],
    };
    expectScimError(await ours.create(huge), 413, undefined, SCIM_MESSAGES.scimBodyTooLarge);
    expect((await ours.find('userName eq "bad@acme.example"')).body.totalResults).toBe(0);
    expect((await ours.find('userName eq "huge@acme.example"')).body.totalResults).toBe(0);
  });

  it('should refuse PATCH bodies it cannot apply whole, changing nothing', async () => {
    const before = (await ours.get(f.member.id)).body;
    const cases: [unknown, string][] = [
      [{ Operations: [{ op: 'replace', value: { active: false } }] }, 'invalidSyntax'],
      [{ schemas: [SCIM_PATCH], Operations: [] }, 'invalidSyntax'],
      [{ schemas: [SCIM_PATCH], Operations: 'replace' }, 'invalidSyntax'],
      [
        {
          schemas: [SCIM_PATCH],
          Operations: Array.from({ length: 101 }, () => ({ op: 'replace', path: 'title', value: 'x' })),
        },
        'invalidSyntax',
      ],
    ];
    for (const [body, scimType] of cases)
      expectScimError(await ours.call('PATCH', `/Users/${f.member.id}`, body), 400, scimType);
    const operations: [unknown[], string][] = [
      [[{ op: 'move', path: 'title', value: 'x' }], 'invalidSyntax'],
      [
        [
          { op: 'replace', path: 'title', value: 'x' },
          { op: 'delete', path: 'title' },
        ],
        'invalidSyntax',
      ],
      [[{ op: 'replace', path: 'password2', value: 'x' }], 'invalidPath'],
      [[{ op: 'replace', path: 'title[type eq "work"]', value: 'x' }], 'invalidPath'],
      [[{ op: 'replace', path: 'name.nickname', value: 'x' }], 'invalidPath'],
      [[{ op: 'replace', path: 'emails[type eq "work"].value', value: 'nope' }], 'invalidValue'],
      [[{ op: 'replace', path: 'emails[type eq work].value', value: 'a@acme.example' }], 'invalidPath'],
      [
        [
          {
            op: 'replace',
            path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:salary',
            value: 1,
          },
        ],
        'invalidPath',
      ],
      [[{ op: 'remove', path: 'userName' }], 'mutability'],
      [[{ op: 'replace', path: 'id', value: '1' }], 'mutability'],
      [[{ op: 'remove' }], 'noTarget'],
      [[{ op: 'replace', path: 'title' }], 'invalidValue'],
      [[{ op: 'replace', path: 'active', value: 'no' }], 'invalidValue'],
      [[{ op: 'replace', value: 'active' }], 'invalidValue'],
    ];
    for (const [list, scimType] of operations)
      expectScimError(await ours.patch(f.member.id, list), 400, scimType);
    expect((await ours.get(f.member.id)).body).toEqual(before);
  });

  it('should refuse filters and paging it does not understand', async () => {
    for (const filter of [
      'userName co "acme"',
      'userName eq "a@acme.example" or userName eq "b@acme.example"',
      'password eq "x"',
      'userName eq unquoted',
      'userName eq "\\q"',
    ])
      expectScimError(await ours.find(filter), 400, 'invalidFilter', SCIM_MESSAGES.scimInvalidFilter);
    expectScimError(await ours.call('GET', '/Users?count=ten'), 400, 'invalidValue');
    const clamped = await ours.call('GET', '/Users?startIndex=0&count=1');
    expect(clamped.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
    const countOnly = await ours.call('GET', '/Users?count=0');
    expect(countOnly.body.Resources).toEqual([]);
    expect(countOnly.body.totalResults).toBeGreaterThan(1);
  });

  it('should answer resources it does not have in SCIM’s words', async () => {
    for (const path of ['/Groups', '/Bulk', '/Me', '/ResourceTypes/Group', '/Schemas/urn:x'])
      expectScimError(await ours.call('GET', path), 404, undefined, SCIM_MESSAGES.scimResourceNotFound);
    expectScimError(await ours.call('DELETE', '/Users'), 404);
  });

  it('should never deactivate the last active administrator', async () => {
    const refused = await ours.patch(f.admin.id, [{ op: 'replace', value: { active: false } }]);
    expectScimError(refused, 400, 'mutability', ORGANISATION_MESSAGES.lastAdmin);
    expectScimError(await ours.remove(f.admin.id), 400, 'mutability');
    expect((await ours.get(f.admin.id)).body.active).toBe(true);
  });
});

describe('SCIM: a flood of calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ scimPerMinute: 3 });
  });
  afterAll(() => server.close());

  it("should answer 429 in SCIM's format past the organisation's calls a minute, whichever of its tokens calls", async () => {
    const f = await buildOrganisation(server);
    await ownDomain(server, f.organisationId, 'flood.example');
    const first = scimClient(server.api, await newScimToken(server.api, f.admin.key, 'Okta'));
    const second = scimClient(server.api, await newScimToken(server.api, f.admin.key, 'Entra'));
    for (let call = 0; call < 3; call++) expect((await first.get(f.member.id)).status).toBe(200);
    const refused = await second.get(f.member.id);
    expectScimError(refused, 429);
    // Another organisation's provider is not held back by this one's.
    const other = scimClient(server.api, await newScimToken(server.api, f.outsider.key, 'Rival'));
    expect((await other.get(f.outsider.id)).status).toBe(200);
  });
});
