import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, PASSWORD, type TestServer, type TestUser } from './helpers/testServer';

describe('user details', () => {
  let server: TestServer;
  let user: TestUser;
  let key: string;
  beforeAll(async () => {
    server = await getTestServer();
    user = await server.createUser({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    key = await server.loginAs(user);
  });
  afterAll(() => server.close());

  const details = () => server.api('GET', '/api/get-user-details/', { token: key });
  const update = (body: unknown) => server.api('PATCH', '/api/update-user-details/', { token: key, body });

  describe('GET /api/get-user-details/', () => {
    it("should return the caller with spec §3's fields and whether they administer the organisation", async () => {
      const response = await details();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: user.id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        business_title: '',
        is_admin: false,
      });
    });

    it('should answer 403 without a key', async () => {
      const response = await server.api('GET', '/api/get-user-details/');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
    });
  });

  describe('PATCH /api/update-user-details/', () => {
    it('should change first name, last name and business title', async () => {
      const response = await update({ first_name: 'Augusta', last_name: 'King', business_title: 'Analyst' });
      expect(response.status).toBe(200);
      const expected = {
        id: user.id,
        name: 'Augusta King',
        email: 'ada@example.com',
        first_name: 'Augusta',
        last_name: 'King',
        business_title: 'Analyst',
        is_admin: false,
      };
      expect(response.body).toEqual(expected);
      expect((await details()).body).toEqual(expected);
    });

    it('should accept the camelCase fields the profile form sends, with id, name and e-mail', async () => {
      const response = await update({
        id: user.id,
        name: 'ignored',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Byron',
        businessTitle: 'Countess',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'Ada Byron',
        first_name: 'Ada',
        last_name: 'Byron',
        business_title: 'Countess',
      });
    });

    it('should change only the fields it is given, trimming them', async () => {
      const response = await update({ business_title: '  Chief Analyst ' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Ada',
        last_name: 'Byron',
        business_title: 'Chief Analyst',
      });
      expect((await update({ business_title: '' })).body.business_title).toBe('');
    });

    it('should refuse a different e-mail and keep the address', async () => {
      const response = await update({ email: 'someone.else@example.com', first_name: 'Changed' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: MESSAGES.emailNotEditable,
        errors: { email: [MESSAGES.emailNotEditable] },
      });
      expect((await details()).body).toMatchObject({ email: 'ada@example.com', first_name: 'Ada' });
    });

    it('should accept the same e-mail in another case', async () => {
      const response = await update({ email: ' ADA@example.com', first_name: 'Ada' });
      expect(response.status).toBe(200);
      expect(response.body.email).toBe('ada@example.com');
    });

    it('should refuse an empty first or last name with the spec messages', async () => {
      const first = await update({ first_name: '  ' });
      expect(first.status).toBe(400);
      expect(first.body).toEqual({
        detail: MESSAGES.firstNameRequired,
        errors: { first_name: [MESSAGES.firstNameRequired] },
      });
      const last = await update({ lastName: '' });
      expect(last.status).toBe(400);
      expect(last.body.detail).toBe(MESSAGES.lastNameRequired);
      expect((await details()).body).toMatchObject({ first_name: 'Ada', last_name: 'Byron' });
    });

    it('should answer 403 without a key', async () => {
      const response = await server.api('PATCH', '/api/update-user-details/', { body: { first_name: 'X' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
    });
  });
});

describe('GET /api/users/', () => {
  let server: TestServer;
  let key: string;
  let ids: Record<string, number>;
  let strangers: TestUser[];
  beforeAll(async () => {
    server = await getTestServer();
    const mine = await server.createOrganisation('Mine');
    const theirs = await server.createOrganisation('Theirs');
    const make = async (email: string, firstName: string, lastName: string) =>
      (await server.createUser({ email, firstName, lastName, organisationId: mine })).id;
    ids = {
      carol: await make('carol@example.com', 'Carol', 'Xu'),
      nameless2: await make('b-nameless@example.com', '', ''),
      alice: await make('alice@example.com', 'Alice', 'Zephyr'),
      dunn: await make('dunn@example.com', '', 'Dunn'),
      nameless1: await make('a-nameless@example.com', '', ''),
      bob: await make('bob@example.com', 'Bob', 'Young'),
    };
    strangers = [
      await server.createUser({
        email: 'aaron@other.com',
        firstName: 'Aaron',
        lastName: 'A',
        organisationId: theirs,
      }),
      await server.createUser({ email: 'zz@other.com', firstName: '', lastName: '', organisationId: theirs }),
    ];
    key = await server.loginAs({
      id: ids.alice!,
      email: 'alice@example.com',
      password: PASSWORD,
      organisationId: mine,
    });
  });
  afterAll(() => server.close());

  it('should list the organisation sorted by name, people without a name last', async () => {
    const response = await server.api('GET', '/api/users/', { token: key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: ids.alice, name: 'Alice Zephyr', email: 'alice@example.com' },
      { id: ids.bob, name: 'Bob Young', email: 'bob@example.com' },
      { id: ids.carol, name: 'Carol Xu', email: 'carol@example.com' },
      { id: ids.dunn, name: 'Dunn', email: 'dunn@example.com' },
      { id: ids.nameless1, name: null, email: 'a-nameless@example.com' },
      { id: ids.nameless2, name: null, email: 'b-nameless@example.com' },
    ]);
  });

  it('should show nobody from another organisation', async () => {
    const response = await server.api('GET', '/api/users/', { token: key });
    const emails = response.body.map((listed: { email: string }) => listed.email);
    for (const stranger of strangers) expect(emails).not.toContain(stranger.email);

    const theirKey = await server.loginAs(strangers[0]!);
    const theirs = await server.api('GET', '/api/users/', { token: theirKey });
    expect(theirs.body.map((listed: { email: string }) => listed.email)).toEqual([
      'aaron@other.com',
      'zz@other.com',
    ]);
  });

  it('should answer 403 without a key', async () => {
    const response = await server.api('GET', '/api/users/');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
  });
});
