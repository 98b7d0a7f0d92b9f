/**
 * Single sign-on tests: the app with a real OpenID provider on loopback (testing/oidcProvider.ts)
 * and an organisation "Acme" (domain acme.test) whose administrator can set it up, plus the calls
 * of the flow as the browser makes them.
 */
import type { UpdateSsoSettingsRequest } from '@keystone/contract';
import { type OidcAccount, type OidcClient, TestOidcProvider } from '../../../../testing/oidcProvider';
import { type ApiResponse, getTestServer, type TestServer, type TestUser } from './testServer';

export const REDIRECT_URI = 'http://localhost:8000/login/sso';
export const CLIENT = {
  client_id: 'keystone',
  client_secret: 'provider-secret',
  redirect_uris: [REDIRECT_URI],
};

export interface SsoFixture {
  server: TestServer;
  provider: TestOidcProvider;
  organisationId: number;
  admin: TestUser;
  adminKey: string;
  /** The provider's settings as the administrator saves them, with `changes`. */
  configure(changes?: Partial<UpdateSsoSettingsRequest>): Promise<ApiResponse>;
  start(email: string): Promise<ApiResponse>;
  /**
   * A whole sign-in: start with `email`, sign in at the provider as `login` (default: the same),
   * post what came back; `callback` replaces parts of the posted body.
   */
  signIn(
    email: string,
    options?: { login?: string; callback?: Record<string, unknown> },
  ): Promise<ApiResponse>;
  /** A person at the provider (subject `sub-<address>` unless given). */
  account(email: string, claims?: Partial<OidcAccount>): OidcAccount;
  close(): Promise<void>;
}

/** `otherClients`: more applications registered at the same provider. */
export async function ssoFixture(otherClients: OidcClient[] = []): Promise<SsoFixture> {
  const provider = new TestOidcProvider({ clients: [CLIENT, ...otherClients] });
  await provider.start();
  const server = await getTestServer({ ssoAllowHttpIssuers: true });
  const organisationId = await server.createOrganisation('Acme');
  const admin = await server.createUser({ organisationId, email: 'admin@acme.test', isAdmin: true });
  const adminKey = await server.loginAs(admin);

  const start = (email: string) => server.api('POST', '/api/auth/sso/start/', { body: { email } });
  const fixture: SsoFixture = {
    server,
    provider,
    organisationId,
    admin,
    adminKey,
    configure: (changes = {}) =>
      server.api('PATCH', '/api/organisation/sso/', {
        token: adminKey,
        body: {
          issuer: provider.issuer,
          client_id: CLIENT.client_id,
          client_secret: CLIENT.client_secret,
          domains: ['acme.test'],
          join_rule: 'invited',
          required: false,
          ...changes,
        },
      }),
    start,
    async signIn(email, options = {}) {
      const started = await start(email);
      if (started.status !== 200) return started;
      const redirect = await provider.signIn(started.body.authorization_url, options.login ?? email);
      return server.api('POST', '/api/auth/sso/callback/', {
        body: {
          state: redirect.state,
          code: redirect.code,
          iss: redirect.iss,
          error: redirect.error,
          attempt_secret: started.body.attempt_secret,
          ...options.callback,
        },
      });
    },
    account(email, claims = {}) {
      const account = { sub: `sub-${email}`, email, given_name: 'Sam', family_name: 'Sample', ...claims };
      provider.addAccount(account);
      return account;
    },
    async close() {
      await server.close();
      await provider.stop();
    },
  };
  return fixture;
}
