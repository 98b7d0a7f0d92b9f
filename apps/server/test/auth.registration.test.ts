import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, pathOf, type TestServer } from './helpers/testServer';

const validSignup = (email: string) => ({
  email,
  password1: 'Good-pass1!',
  password2: 'Good-pass1!',
  first_name: 'Ada',
  last_name: 'Lovelace',
});

describe('POST /api/auth/registration/', () => {
  let server: TestServer;
  let organisationId: number;
  beforeAll(async () => {
    server = await getTestServer();
    organisationId = await server.createOrganisation('Acme');
  });
  afterAll(() => server.close());

  it('should refuse an e-mail without an invite with the invite-only message', async () => {
    const response = await server.api('POST', '/api/auth/registration/', {
      body: validSignup('nobody@example.com'),
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should list every broken rule with the spec messages', async () => {
    const response = await server.api('POST', '/api/auth/registration/', {
      body: { email: 'not-an-email', password1: 'short', password2: 'other', first_name: ' ', last_name: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.email).toEqual([MESSAGES.invalidEmail]);
    expect(response.body.errors.password1).toEqual([
      MESSAGES.passwordMinLength,
      MESSAGES.passwordUppercase,
      MESSAGES.passwordNumber,
      MESSAGES.passwordSpecial,
    ]);
    expect(response.body.errors.password2).toEqual([MESSAGES.passwordsMustMatch]);
    expect(response.body.errors.first_name).toEqual([MESSAGES.firstNameRequired]);
    expect(response.body.errors.last_name).toEqual([MESSAGES.lastNameRequired]);
  });

  it('should create the account, mail a verification link, and refuse login until it is followed', async () => {
    const email = 'Ada@Example.com';
    await server.invite(email, organisationId);
    const response = await server.api('POST', '/api/auth/registration/', { body: validSignup(email) });
    expect(response.status).toBe(201);
    expect(typeof response.body.detail).toBe('string');

    const early = await server.api('POST', '/api/auth/login/', { body: { email, password: 'Good-pass1!' } });
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe(MESSAGES.emailNotVerified);

    const mail = await server.smtp.waitFor('ada@example.com', /Confirm your e-mail/);
    expect(mail.html).toContain('Keystone');
    const link = mail.links.find((l) => l.includes('/verify-email/'));
    expect(link).toMatch(/^http:\/\/localhost:8000\/api\/auth\/verify-email\//);
    const visit = await server.api('GET', pathOf(link!));
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe('/login?verified=1');

    const again = await server.api('GET', pathOf(link!));
    expect(again.headers.location).toBe('/login?verified=0');

    const login = await server.api('POST', '/api/auth/login/', { body: { email, password: 'Good-pass1!' } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user_id: expect.any(Number), key: expect.any(String) });

    const invites = await server.api('GET', '/api/invites/', { token: login.body.key });
    expect(invites.body).toEqual([expect.objectContaining({ email: 'ada@example.com', is_accepted: true })]);
  });

  it('should not let a second sign-up take over a verified account', async () => {
    const response = await server.api('POST', '/api/auth/registration/', {
      body: validSignup('ada@example.com'),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.email).toBeDefined();
  });
});
