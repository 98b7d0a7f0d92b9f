/**
 * Input to the strategy calls: limits counted on the text a reader sees (spec §5, §9), rich text
 * stored sanitised (DESIGN §3), and any malformed input refused with a 4xx and a detail, never a 500.
 */
import { MESSAGES, NO_LINE_BREAK_MESSAGE, type Strategy } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClientError } from './helpers/hostile';
import {
  initiativeOn,
  type Member,
  personOf,
  type StrategyApi,
  signedInUser,
  strategyApi,
} from './helpers/strategies';
import {
  BODY_ENDPOINTS,
  CHARTER_FIELDS,
  type InputFixture,
  NOT_FOUND_DETAIL,
  PATH_ENDPOINTS,
  WRONG_VALUES,
} from './helpers/strategyEndpoints';
import { type ApiResponse, getTestServer, type TestServer } from './helpers/testServer';

const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('strategy input', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let rival: Member;
  let fixture: InputFixture;
  let rivalFixture: InputFixture;

  async function buildFixture(member: Member): Promise<InputFixture> {
    const created = await strategies.create(member.key, { title: 'Grow' });
    const area = created.focus_areas[0]!;
    const otherArea = await strategies.addFocusArea(member.key, created.id);
    const sibling = await strategies.addInitiative(member.key, area.id);
    return {
      strategy: created.id,
      area: area.id,
      otherArea: otherArea.id,
      initiative: area.initiatives[0]!.id,
      sibling: sibling.id,
    };
  }

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    master = await signedInUser(server, { firstName: 'Grace', lastName: 'Hopper' });
    rival = await signedInUser(server, { firstName: 'Rival' });
    fixture = await buildFixture(master);
    rivalFixture = await buildFixture(rival);
  });
  afterAll(() => server.close());

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    key = master.key,
  ) => server.api(method, path, { token: key, ...(body !== undefined && { body }) });
  const page = (strategy = fixture.strategy, key = master.key) => strategies.page(key, strategy);
  const updateInitiative = (body: unknown) =>
    send('PATCH', `/api/initiative/update/${fixture.initiative}/`, body);

  function expectFieldError(response: ApiResponse, field: string, message: string): void {
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.errors?.[field]).toContain(message);
    expect(typeof response.body.detail).toBe('string');
  }

  describe('titles of focus areas and initiatives', () => {
    const TITLE_CALLS = [
      { name: 'PATCH /api/focusarea/update/{id}/', path: () => `/api/focusarea/update/${fixture.area}/` },
      {
        name: 'PATCH /api/initiative/update/{id}/',
        path: () => `/api/initiative/update/${fixture.initiative}/`,
      },
    ];
    const REFUSED: Array<[string, unknown, string]> = [
      ['null', null, MESSAGES.titleRequired],
      ['empty markup', '<p></p>', MESSAGES.fieldEmpty],
      ['spaces in markup', '<p> &nbsp; </p>', MESSAGES.fieldEmpty],
      ['201 characters', 'a'.repeat(201), MESSAGES.charactersReached],
      ['201 characters in markup', `<p><strong>${'a'.repeat(200)}</strong>b</p>`, MESSAGES.charactersReached],
      ['201 emoji', '😀'.repeat(201), MESSAGES.charactersReached],
      ['markup beyond 20,000 characters', `<p>${'<b></b>'.repeat(3000)}x</p>`, MESSAGES.charactersReached],
      ['a <br>', 'First<br>second', NO_LINE_BREAK_MESSAGE],
      ['a self-closing <br />', 'First<br />second', NO_LINE_BREAK_MESSAGE],
      ['two paragraphs', '<p>First</p><p>second</p>', NO_LINE_BREAK_MESSAGE],
      ['a newline', 'First\nsecond', NO_LINE_BREAK_MESSAGE],
    ];

    describe.each(TITLE_CALLS.map((call) => [call.name, call] as const))('%s', (_name, call) => {
      it.each(REFUSED)('should refuse %s', async (_case, title, message) => {
        const before = await page();
        const response = await send('PATCH', call.path(), { title });
        expectFieldError(response, 'title', message);
        expect(response.body.detail).toBe(message);
        expect(await page()).toEqual(before);
      });

      it.each([
        ['200 characters', 'a'.repeat(200)],
        ['200 characters in markup', `<p><strong>${'a'.repeat(199)}</strong>b</p>`],
        ['200 entities, each one character', '&amp;'.repeat(200)],
        ['200 emoji', '😀'.repeat(200)],
      ])('should accept %s and store them as sent', async (_case, title) => {
        const response = await send('PATCH', call.path(), { title });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.title).toBe(title);
      });
    });

    it('should refuse a null title and a line break on create too, but allow no title', async () => {
      for (const path of ['/api/focusarea/create/', '/api/initiative/create/']) {
        const parent = path.includes('focusarea')
          ? { strategy: fixture.strategy }
          : { focus_area: fixture.otherArea };
        expectFieldError(
          await send('POST', path, { ...parent, title: 'a'.repeat(201) }),
          'title',
          MESSAGES.charactersReached,
        );
        expectFieldError(
          await send('POST', path, { ...parent, title: 'a<br>b' }),
          'title',
          NO_LINE_BREAK_MESSAGE,
        );
      }
      expectFieldError(
        await send('POST', '/api/focusarea/create/', { strategy: fixture.strategy, title: null }),
        'title',
        MESSAGES.titleRequired,
      );
      const untitled = await send('POST', '/api/initiative/create/', {
        focus_area: fixture.otherArea,
        title: null,
      });
      expect(untitled.status).toBe(201);
      expect(untitled.body.title).toBe('');
      expect((await send('DELETE', `/api/initiative/delete/${untitled.body.id}/`)).status).toBe(204);
    });
  });

  describe('strategy title and ambition', () => {
    it('should limit the title to 200 characters and the ambition to 400, and require both', async () => {
      const url = `/api/strategy/update/${fixture.strategy}/`;
      expect((await send('PATCH', url, { title: 'a'.repeat(200) })).status).toBe(200);
      expectFieldError(
        await send('PATCH', url, { title: 'a'.repeat(201) }),
        'title',
        MESSAGES.charactersReached,
      );
      expectFieldError(await send('PATCH', url, { title: null }), 'title', MESSAGES.fieldEmpty);
      expectFieldError(await send('PATCH', url, { ambition: '<p></p>' }), 'ambition', MESSAGES.fieldEmpty);
      expectFieldError(
        await send('PATCH', url, { ambition: '😀'.repeat(401) }),
        'ambition',
        MESSAGES.charactersReached,
      );
      const paragraphs = `<p>${'a'.repeat(200)}</p><p>${'b'.repeat(200)}</p>`;
      const accepted = await send('PATCH', url, { ambition: paragraphs });
      expect(accepted.status).toBe(200);
      expect(accepted.body.ambition).toBe(paragraphs);
    });
  });

  describe('charter fields', () => {
    it.each(CHARTER_FIELDS)('should accept 900 characters of %s and refuse 901', async (field) => {
      const text = `<p>${'a'.repeat(450)}</p><ul><li>${'b'.repeat(450)}</li></ul>`;
      const single = field === 'work_plan' ? `<strong>${'a'.repeat(450)}</strong>${'b'.repeat(450)}` : text;
      const accepted = await updateInitiative({ [field]: single });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body[field]).toBe(single);
      const refused = await updateInitiative({ [field]: `${single}c` });
      expectFieldError(refused, field, MESSAGES.charactersReached);
      const cleared = await updateInitiative({ [field]: '' });
      expect(cleared.body[field]).toBe('');
    });

    it('should refuse a line break in the work plan only', async () => {
      for (const value of ['a<br>b', '<p>a</p><p>b</p>', 'a\nb']) {
        expectFieldError(await updateInitiative({ work_plan: value }), 'work_plan', NO_LINE_BREAK_MESSAGE);
        const charter = await updateInitiative({ problem_statement: value });
        expect(charter.status).toBe(200);
      }
    });
  });

  describe('rich text', () => {
    const STORED: Array<[string, string, string]> = [
      ['a script tag', '<p>Plan<script>alert(1)</script></p>', '<p>Plan</p>'],
      ['on* handlers', '<p onclick="steal()" onmouseover="x()">Hi</p>', '<p>Hi</p>'],
      [
        'a javascript: link',
        '<p><a href="javascript:alert(1)">x</a></p>',
        `<p><a ${LINK_ATTRIBUTES}>x</a></p>`,
      ],
      [
        'a mixed-case javascript: link',
        '<p><a href=" JaVaScRiPt:alert(1)">x</a></p>',
        `<p><a ${LINK_ATTRIBUTES}>x</a></p>`,
      ],
      [
        'an entity-split javascript: link',
        '<p><a href="java&#x09;script:alert(1)">x</a></p>',
        `<p><a ${LINK_ATTRIBUTES}>x</a></p>`,
      ],
      [
        'a data: link',
        '<p><a href="data:text/html;base64,PHNjcmlwdD4=">x</a></p>',
        `<p><a ${LINK_ATTRIBUTES}>x</a></p>`,
      ],
      [
        'a protocol-relative link',
        '<p><a href="//evil.com/x">x</a></p>',
        `<p><a ${LINK_ATTRIBUTES}>x</a></p>`,
      ],
      ['a mailto: link', '<p><a href="mailto:a@b.com">x</a></p>', `<p><a ${LINK_ATTRIBUTES}>x</a></p>`],
      ['a style attribute', '<p style="background:url(javascript:x)">Red</p>', '<p>Red</p>'],
      ['a style tag', '<style>p{display:none}</style><p>x</p>', '<p>x</p>'],
      ['an iframe', '<iframe src="https://evil.com"></iframe><p>After</p>', '<p>After</p>'],
      ['an image with onerror', '<p><img src=x onerror=alert(1)>Pic</p>', '<p>Pic</p>'],
      ['svg', '<svg onload=alert(1)><circle/></svg><p>S</p>', '<p>S</p>'],
      [
        'object, embed and form',
        '<object data="x"></object><embed src="x"><form><input></form><p>o</p>',
        '<p>o</p>',
      ],
      ['id, class and title', '<p id="z" class="y" title="x">attrs</p>', '<p>attrs</p>'],
      [
        'an https link with a handler and a target',
        '<p><a href="https://example.com/a?b=1&c=2" onclick="x()" target="_self">Link</a></p>',
        `<p><a href="https://example.com/a?b=1&amp;c=2" ${LINK_ATTRIBUTES}>Link</a></p>`,
      ],
      [
        'an http link',
        '<p><a href="http://example.com">Plain</a></p>',
        `<p><a href="http://example.com" ${LINK_ATTRIBUTES}>Plain</a></p>`,
      ],
      [
        "the editor's formatting",
        '<p><strong>B</strong> <em>I</em> <u>U</u> <s>S</s></p><ul><li>one</li></ul><ol><li>two</li></ol>',
        '<p><strong>B</strong> <em>I</em> <u>U</u> <s>S</s></p><ul><li>one</li></ul><ol><li>two</li></ol>',
      ],
      ['escaped text', '<p>1 &lt; 2 &amp; "q"</p>', '<p>1 &lt; 2 &amp; "q"</p>'],
    ];

    it.each(STORED)('should store a charter field with %s sanitised', async (_case, input, stored) => {
      const response = await updateInitiative({ problem_statement: input });
      expect(response.status).toBe(200);
      expect(response.body.problem_statement).toBe(stored);
      const charter = await send('GET', `/api/initiative/${fixture.initiative}`);
      expect(charter.body.problem_statement).toBe(stored);
    });

    it('should sanitise the ambition, focus area titles and initiative titles alike', async () => {
      const hostile = 'Go <a href="javascript:alert(1)" onclick="x()">now</a><script>alert(1)</script>';
      const clean = `Go <a ${LINK_ATTRIBUTES}>now</a>`;
      await send('PATCH', `/api/strategy/update/${fixture.strategy}/`, { ambition: hostile });
      await send('PATCH', `/api/focusarea/update/${fixture.area}/`, { title: hostile });
      await updateInitiative({ title: hostile });
      const created = await send('POST', '/api/initiative/create/', {
        focus_area: fixture.otherArea,
        title: hostile,
        deliverables: `<p>${hostile}</p>`,
      });
      expect(created.status).toBe(201);
      const after = await page();
      expect(after.ambition).toBe(clean);
      expect(after.focus_areas[0]!.title).toBe(clean);
      expect(initiativeOn(after, fixture.initiative)!.title).toBe(clean);
      expect(initiativeOn(after, created.body.id)).toMatchObject({
        title: clean,
        deliverables: `<p>${clean}</p>`,
      });
      expect((await send('DELETE', `/api/initiative/delete/${created.body.id}/`)).status).toBe(204);
    });
  });

  describe('malformed bodies', () => {
    describe.each(BODY_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))(
      '%s',
      (_name, endpoint) => {
        const call = (body: unknown) => send(endpoint.method, endpoint.path(fixture), body);
        let before: Strategy;
        beforeAll(async () => {
          before = await page();
        });

        it('should refuse a wrong value in every field with 400 naming the field', async () => {
          for (const [field, kind] of Object.entries(endpoint.fields)) {
            for (const value of WRONG_VALUES[kind]) {
              const response = await call({ ...endpoint.valid(fixture), [field]: value });
              expectClientError(response, 400);
              const fields = Object.keys(response.body.errors ?? {});
              expect(
                fields.some((key) => key === field || key.startsWith(`${field}.`)),
                `${field}=${JSON.stringify(value)}: ${fields}`,
              ).toBe(true);
            }
          }
        });

        it('should refuse missing required fields and bodies that are not objects with 400', async () => {
          for (const field of endpoint.required) {
            const { [field]: _missing, ...rest } = endpoint.valid(fixture);
            const response = await call(rest);
            expectClientError(response, 400);
            expect(Object.keys(response.body.errors)).toContain(field);
          }
          for (const body of ['[]', '"text"', '42', 'true', '[{"title":"x"}]']) {
            expectClientError(await call(body), 400);
          }
          // A number too large for JavaScript arrives as Infinity.
          for (const [field, kind] of Object.entries(endpoint.fields)) {
            if (kind !== 'id' && kind !== 'index' && kind !== 'requiredIndex') continue;
            const huge = JSON.stringify({ ...endpoint.valid(fixture), [field]: '__HUGE__' }).replace(
              '"__HUGE__"',
              '9'.repeat(400),
            );
            expectClientError(await call(huge), 400);
          }
        });

        it('should have changed nothing', async () => {
          expect(await page()).toEqual(before);
        });
      },
    );

    it('should ignore extra fields and never let them move or re-assign anything', async () => {
      const before = await page();
      const extra = {
        id: fixture.sibling,
        model: 'strategy',
        organisation_id: rival.organisationId,
        user: rival.id,
        strategy: rivalFixture.strategy,
        strategy_masters: [personOf(rival)],
        focus_area: rivalFixture.area,
        focus_areas: [],
        owners: [personOf(rival)],
        sort_index: 1,
        created_at: '2000-01-01T00:00:00.000Z',
        is_admin: true,
      };
      const strategyUpdate = await send('PATCH', `/api/strategy/update/${fixture.strategy}/`, {
        ...extra,
        title: 'Kept',
      });
      expect(strategyUpdate.status).toBe(200);
      const areaUpdate = await send('PATCH', `/api/focusarea/update/${fixture.area}/`, {
        ...extra,
        title: 'Area kept',
      });
      expect(areaUpdate.status).toBe(200);
      const initiativeUpdate = await updateInitiative({ ...extra, title: 'Initiative kept' });
      expect(initiativeUpdate.status).toBe(200);
      const { strategy_masters: _masters, owners: _owners, ...notTeamFields } = extra;
      const team = await strategies.assign(master.key, {
        ...notTeamFields,
        strategy_id: fixture.strategy,
        initiatives: [
          {
            ...notTeamFields,
            sponsor: rival.id,
            initiative_id: fixture.initiative,
            team_members: [{ ...personOf(master), name: 'Evil', role: 'admin' }],
          },
        ],
      });
      expect(team.status).toBe(200);

      const after = await page();
      expect(after).toMatchObject({
        id: fixture.strategy,
        title: 'Kept',
        user: master.id,
        created_at: before.created_at,
      });
      expect(after.strategy_masters).toEqual(before.strategy_masters);
      expect(after.focus_areas.map((area) => area.id)).toEqual(before.focus_areas.map((area) => area.id));
      expect(after.focus_areas[0]!.title).toBe('Area kept');
      expect(after.focus_areas[0]!.initiatives.map((item) => item.id)).toEqual([
        fixture.initiative,
        fixture.sibling,
      ]);
      expect(initiativeOn(after, fixture.initiative)).toMatchObject({
        title: 'Initiative kept',
        owners: [],
        team_members: [{ id: master.id, name: 'Grace Hopper', email: master.email }],
      });
      expect(await strategies.listedIds(rival.key)).toEqual([rivalFixture.strategy]);
      // Cleared again, so the other tests see the fixture as it was.
      await strategies.assignOk(master.key, {
        strategy_id: fixture.strategy,
        initiatives: [{ initiative_id: fixture.initiative, team_members: [] }],
      });
    });
  });

  describe('ids', () => {
    const BAD_IDS = [
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      '2147483648',
      '99999999999999999999',
      '9'.repeat(300),
      'null',
      "1'%20OR%20'1'='1",
      '1;DROP%20TABLE%20strategies',
      '%20',
    ];
    const labelled = BAD_IDS.map((id) => [id.length > 30 ? `of ${id.length} digits` : id, id] as const);
    it.each(labelled)('should refuse the id %s in every path with 400', async (_label, id) => {
      for (const endpoint of PATH_ENDPOINTS) {
        const response = await send(endpoint.method, endpoint.path(id), endpoint.body);
        expectClientError(response, 400);
        expect(response.body).toEqual({
          detail: 'A valid id is required.',
          errors: { non_field_errors: ['A valid id is required.'] },
        });
      }
    });

    it('should answer ids of another organisation, of deleted records and beyond the last with 404', async () => {
      const doomed = await buildFixture(master);
      expect((await send('DELETE', `/api/initiative/delete/${doomed.sibling}/`)).status).toBe(204);
      expect((await send('DELETE', `/api/focusarea/delete/${doomed.otherArea}/`)).status).toBe(204);
      const deletedWhole = await buildFixture(master);
      expect((await send('DELETE', `/api/strategy/delete/${deletedWhole.strategy}/`)).status).toBe(204);
      const rivalBefore = await page(rivalFixture.strategy, rival.key);

      const unreachable: Array<Record<'strategy' | 'area' | 'initiative', number>> = [
        { strategy: rivalFixture.strategy, area: rivalFixture.area, initiative: rivalFixture.initiative },
        { strategy: deletedWhole.strategy, area: deletedWhole.area, initiative: deletedWhole.initiative },
        { strategy: deletedWhole.strategy, area: doomed.otherArea, initiative: doomed.sibling },
        { strategy: 2_147_483_647, area: 2_147_483_647, initiative: 2_147_483_647 },
      ];
      for (const ids of unreachable) {
        for (const endpoint of PATH_ENDPOINTS) {
          const response = await send(
            endpoint.method,
            endpoint.path(String(ids[endpoint.kind])),
            endpoint.body,
          );
          expect(response.status, `${endpoint.method} ${endpoint.path(String(ids[endpoint.kind]))}`).toBe(
            404,
          );
          expect(response.body).toEqual({ detail: NOT_FOUND_DETAIL[endpoint.kind] });
        }
        // The same ids in a body.
        const bodies: Array<[string, unknown, string]> = [
          ['/api/focusarea/create/', { strategy: ids.strategy }, NOT_FOUND_DETAIL.strategy],
          ['/api/initiative/create/', { focus_area: ids.area }, NOT_FOUND_DETAIL.area],
        ];
        for (const [path, body, detail] of bodies) {
          expect(await send('POST', path, body)).toMatchObject({ status: 404, body: { detail } });
        }
        expect(
          await strategies.assign(master.key, {
            strategy_id: ids.strategy,
            strategy_masters: [personOf(master)],
          }),
        ).toMatchObject({ status: 404, body: { detail: NOT_FOUND_DETAIL.strategy } });
      }
      expect(await page(rivalFixture.strategy, rival.key)).toEqual(rivalBefore);
    });
  });
});
