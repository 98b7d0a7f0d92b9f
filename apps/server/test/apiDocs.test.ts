import { API_ENDPOINTS } from '@keystone/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from './helpers/testServer';

/** "METHOD /path" with `:name` parameters and no trailing slash, as the router sees it. */
const routeKey = (method: string, path: string) =>
  `${method} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`;

/** The routes Fastify registered, read from printRoutes' tree (HEAD and WebSockets left out). */
/** SCIM (RFC 7644) describes itself at /scim/v2/ServiceProviderConfig, ResourceTypes and Schemas. */
const SCIM_PREFIX = '/scim/v2/';

function registeredRoutes(tree: string, prefix?: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2]}`;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method === 'HEAD') continue;
      if (prefix ? path.startsWith(prefix) : !path.startsWith('/ws/') && !path.startsWith(SCIM_PREFIX))
        routes.push(routeKey(method, path));
    }
  }
  return routes.sort();
}

describe('the API documentation', () => {
  let server: TestServer;
  // biome-ignore lint/suspicious/noExplicitAny: the document is read as plain JSON
  let document: any;
  beforeAll(async () => {
    server = await getTestServer();
    const response = await server.api('GET', '/api/docs/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(async () => {
    await server.close();
  });

  it('should be an OpenAPI 3.1 document, served without a key', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
    const ids = Object.values(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const headers = (await server.api('GET', '/api/docs/openapi.json/')).headers;
    expect(headers['content-type']).toMatch(/application\/json/);
  });

  it('should list exactly the routes the server registers', () => {
    const registered = registeredRoutes(server.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(40);
    expect(registered).toContain('GET /api/strategy/:id');
    const documented = Object.entries(document.paths as Record<string, object>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => routeKey(method.toUpperCase(), path)))
      .sort();
    expect(documented).toEqual(registered);
    expect(API_ENDPOINTS.map((route) => routeKey(route.method, route.path)).sort()).toEqual(registered);
  });

  it('should register SCIM apart from the documented API, Users and its self-description only', () => {
    const scim = registeredRoutes(server.app.printRoutes({ commonPrefix: false }), SCIM_PREFIX);
    const users = ['GET', 'POST'].map((method) => `${method} /Users`);
    const user = ['GET', 'PUT', 'PATCH', 'DELETE'].map((method) => `${method} /Users/:id`);
    const described = ['ServiceProviderConfig', 'ResourceTypes', 'ResourceTypes/User', 'Schemas'];
    const expected = [...users, ...user, ...described.map((path) => `GET /${path}`)];
    expected.push('GET /Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(scim).toEqual(expected.map((route) => route.replace(' /', ` ${SCIM_PREFIX}`)).sort());
  });

  it('should register every declared endpoint through route(), none by hand', () => {
    // Only the sockets, SCIM (/scim/v2/), the static site and the test clock (TEST_CLOCK=1 only) are registered by
    // hand; a declared endpoint registered so would be missing here.
    const routed = server.app.routedEndpoints.map((route) => routeKey(route.method, route.path)).sort();
    expect(routed).toEqual(API_ENDPOINTS.map((route) => routeKey(route.method, route.path)).sort());
  });

  it('should describe the token scheme and mark which calls need it', () => {
    const scheme = document.components.securitySchemes.tokenAuth;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(scheme.description).toContain('/api/auth/login/');
    expect(document.paths['/api/strategies/'].get.security).toEqual([
      { tokenAuth: [] },
      { accessToken: ['read'] },
    ]);
    expect(document.paths['/api/auth/login/'].post.security).toEqual([]);
    expect(Object.keys(document.paths['/api/strategies/'].get.responses)).toContain('403');
  });

  it('should describe personal access tokens: the scope each call needs, and the session-only calls', () => {
    const scheme = document.components.securitySchemes.accessToken;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'kst_pat_…' });
    expect(scheme.description).toContain('read_write');
    expect(document.paths['/api/strategies/'].get.security).toEqual([
      { tokenAuth: [] },
      { accessToken: ['read'] },
    ]);
    expect(document.paths['/api/strategy/create/'].post.security).toEqual([
      { tokenAuth: [] },
      { accessToken: ['read_write'] },
    ]);
    for (const [path, method] of [
      ['/api/access-tokens/', 'post'],
      ['/api/auth/password/change/', 'post'],
      ['/api/auth/sessions/', 'get'],
      ['/api/auth/mfa/disable/', 'post'],
    ] as const) {
      const call = document.paths[path][method];
      expect(call.security, path).toEqual([{ tokenAuth: [] }]);
      expect(call['x-session-only'], path).toBe(true);
    }
    expect(Object.keys(document.paths['/api/strategies/'].get.responses)).toContain('429');
  });

  it("should carry the contract's schemas field for field", () => {
    const { schemas } = document.components;
    const settings = Object.keys(schemas.NotificationSettings.properties);
    expect(settings).toEqual(
      expect.arrayContaining(['time_zone', 'team_reminders', 'update_frequency_unit', 'strategy_masters']),
    );
    expect(schemas.NotificationSettings.properties.update_frequency_unit.enum).toEqual([
      'day',
      'week',
      'month',
    ]);
    const update = schemas.UpdateNotificationSettingsRequest;
    expect(Object.keys(update.properties)).toEqual(expect.arrayContaining(['time_zone', 'team_reminders']));
    expect(update.required ?? []).toEqual([]);
    expect(schemas.CreateTimelineRequest.required).toEqual(['initiative']);
    expect(schemas.LoginResponse.required).toEqual(['user_id', 'key']);
    expect(Object.keys(schemas.Strategy.properties)).toContain('focus_areas');
    expect(schemas.Error.required).toEqual(['detail']);

    const patch = document.paths['/api/notification-settings/update/{id}/'].patch;
    expect(patch.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UpdateNotificationSettingsRequest',
    });
    expect(patch.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/NotificationSettings',
    });
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['400', '403', '404', '413']));
    expect(patch.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });

  it('should point every reference at a schema it defines', () => {
    const refs = JSON.stringify(document).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of new Set(refs)) {
      expect(document.components.schemas).toHaveProperty(ref.split('/').pop()!);
    }
  });

  it('should show the operations as a page with no script, without a key', async () => {
    const response = await server.api('GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const page = response.body as string;
    expect(page).not.toMatch(/<script/i);
    for (const route of API_ENDPOINTS) expect(page).toContain(route.path);
    expect(page).toContain('time_zone');
    expect((await server.api('GET', '/api/docs/')).status).toBe(200);
  });
});
