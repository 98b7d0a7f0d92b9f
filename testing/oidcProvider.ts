/**
 * A real OpenID Connect provider (panva's certified oidc-provider) on loopback for tests: the
 * company identity provider an organisation connects Keystone to. Its issuer is
 * http://127.0.0.1:PORT (the server accepts such an issuer only with SSO_ALLOW_HTTP_ISSUERS=true).
 *
 * It has its own tiny sign-in page (one field: the account's e-mail or subject) so that both a
 * browser (Playwright) and an API test (`signIn`, no browser) go through the same interaction.
 * PKCE is required, as Keystone must always send it.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the provider: the claims its ID tokens carry, and how they "authenticated". */
export interface OidcAccount {
  sub: string;
  email: string;
  /** Defaults to true. */
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Authentication methods references (RFC 8176) put into the ID token, e.g. ['pwd', 'mfa']. */
  amr?: string[];
  /** Authentication context class put into the ID token. */
  acr?: string;
}

/** An application registered at the provider (a confidential client, secret sent in the body or basic). */
export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** What the provider sent back to the redirect URI (the address bar of /login/sso). */
export interface OidcRedirect {
  /** The whole redirect URL. */
  url: string;
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/** Changes a signed ID token's claims before it leaves the token endpoint (a dishonest provider). */
export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

/** Cookies of one user agent, by name (the provider scopes its cookies to paths; names suffice here). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class TestOidcProvider {
  /** http://127.0.0.1:PORT, known after start(). */
  issuer = '';
  /** While true, every request is answered 503 (the provider is down). */
  unavailable = false;
  /** When set, the ID tokens of the token endpoint are re-signed with these changes. */
  tamperIdToken: IdTokenTamper | undefined;
  private readonly accounts = new Map<string, OidcAccount>();
  private readonly clients: OidcClient[];
  private readonly server: Server;
  private readonly signingKey: KeyObject;
  private readonly keyId = randomBytes(8).toString('hex');
  private provider: Provider | undefined;

  constructor(options: { clients: OidcClient[]; accounts?: OidcAccount[] }) {
    this.clients = options.clients;
    for (const account of options.accounts ?? []) this.addAccount(account);
    this.signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
  }

  /** Adds (or replaces, by subject) a person who can sign in. */
  addAccount(account: OidcAccount): void {
    this.accounts.set(account.sub, account);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.issuer = `http://127.0.0.1:${port}`;
    this.provider = new Provider(this.issuer, {
      clients: this.clients.map((client) => ({
        ...client,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      })),
      jwks: {
        keys: [{ ...this.signingKey.export({ format: 'jwk' }), kid: this.keyId, use: 'sig', alg: 'RS256' }],
      },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      claims: {
        // Like Entra and Okta, every ID token tells how the person authenticated (acr, amr).
        sid: null,
        openid: ['sub', 'acr', 'amr', 'auth_time'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name'],
      },
      // Real company providers (Okta, Entra, Keycloak) put the scope's claims into the ID token.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const account = this.accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: account.email,
            email_verified: account.email_verified ?? true,
            given_name: account.given_name,
            family_name: account.family_name,
            name: [account.given_name, account.family_name].filter(Boolean).join(' ') || undefined,
          }),
        };
      },
      // A first-party application: no consent screen, every requested scope granted.
      loadExistingGrant: async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      ttl: {
        Session: 60,
        Interaction: 600,
        Grant: 600,
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
      },
    });
    return this.issuer;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /**
   * A sign-in without a browser: follows `authorizationUrl` (Keystone's answer to
   * /api/auth/sso/start/), signs in as `login` (an account's e-mail or subject) on the sign-in
   * page, or cancels there with `deny`, and answers where the provider sent the browser back.
   */
  async signIn(
    authorizationUrl: string,
    login: string,
    options: { deny?: boolean } = {},
  ): Promise<OidcRedirect> {
    const jar = new CookieJar();
    let url = authorizationUrl;
    let form: URLSearchParams | undefined;
    for (let hops = 0; hops < 10; hops++) {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        headers: {
          cookie: jar.header(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
        redirect: 'manual',
      });
      jar.take(response);
      form = undefined;
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== this.issuer) return redirectOf(next);
        url = next.href;
        await response.body?.cancel();
        continue;
      }
      const page = await response.text();
      if (!page.includes('name="login"'))
        throw new Error(`the provider answered ${response.status}: ${page}`);
      form = new URLSearchParams(options.deny ? { login, deny: 'yes' } : { login });
    }
    throw new Error('the provider kept redirecting');
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const provider = this.provider;
    if (this.unavailable || !provider) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service unavailable');
      return;
    }
    const path = new URL(request.url ?? '/', this.issuer).pathname;
    if (path.startsWith('/interaction/')) {
      await this.interaction(provider, request, response);
      return;
    }
    if (path === '/token' && this.tamperIdToken) this.rewriteTokenAnswer(response, this.tamperIdToken);
    provider.callback()(request, response);
  }

  /** The sign-in page (GET) and its submission (POST). */
  private async interaction(
    provider: Provider,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body>
<main><h1>Test provider</h1><form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label for="login">E-mail</label> <input id="login" name="login" type="text" autocomplete="username" required>
<button type="submit">Sign in</button>
<button type="submit" name="deny" value="yes" formnovalidate>Cancel</button>
</form></main></body></html>`);
      return;
    }
    const form = await readForm(request);
    if (form.get('deny')) {
      await provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The person cancelled the sign-in.',
      });
      return;
    }
    const login = (form.get('login') ?? '').trim().toLowerCase();
    const account = [...this.accounts.values()].find(
      (candidate) => candidate.sub === login || candidate.email.toLowerCase() === login,
    );
    if (!account) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body>
<main><p role="alert">No such account.</p><form method="post"><label for="login">E-mail</label>
<input id="login" name="login" type="text" required><button type="submit">Sign in</button></form></main></body></html>`);
      return;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub, amr: account.amr, acr: account.acr } },
      { mergeWithLastSubmission: false },
    );
  }

  /** Buffers the token endpoint's JSON answer and re-signs its ID token with `tamper`'s claims. */
  private rewriteTokenAnswer(response: ServerResponse, tamper: IdTokenTamper): void {
    const chunks: Buffer[] = [];
    const end = response.end.bind(response);
    response.write = ((chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as ServerResponse['write'];
    response.end = ((chunk?: Buffer | string | (() => void)) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      let body = Buffer.concat(chunks).toString('utf8');
      const answer = JSON.parse(body) as { id_token?: string };
      if (answer.id_token) {
        const [header = '', payload = ''] = answer.id_token.split('.');
        const claims = tamper(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        const signingInput = `${header}.${base64url(claims)}`;
        const signature = sign('sha256', Buffer.from(signingInput), this.signingKey).toString('base64url');
        answer.id_token = `${signingInput}.${signature}`;
        body = JSON.stringify(answer);
      }
      if (!response.headersSent) response.setHeader('content-length', Buffer.byteLength(body));
      return end(body);
    }) as ServerResponse['end'];
  }
}

function redirectOf(url: URL): OidcRedirect {
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  return {
    url: url.href,
    code: param('code'),
    state: param('state'),
    iss: param('iss'),
    error: param('error'),
    error_description: param('error_description'),
  };
}
