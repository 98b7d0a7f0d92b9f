/**
 * Input to the strategy calls: limits counted on the text a reader sees (spec §5, §9), rich text
 * stored sanitised (DESIGN §3). Malformed input is in strategyInputMalformed.test.ts.
 */
import { MESSAGES, NO_LINE_BREAK_MESSAGE } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { useInputFixture } from './helpers/inputFixture';
import { initiativeOn } from './helpers/strategies';
import { CHARTER_FIELDS } from './helpers/strategyEndpoints';
import type { ApiResponse } from './helpers/testServer';

const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('strategy input', () => {
  const ctx = useInputFixture();
  const { send, page } = ctx;
  const updateInitiative = (body: unknown) =>
    send('PATCH', `/api/initiative/update/${ctx.fixture.initiative}/`, body);

  function expectFieldError(response: ApiResponse, field: string, message: string): void {
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.errors?.[field]).toContain(message);
    expect(typeof response.body.detail).toBe('string');
  }

  describe('titles of focus areas and initiatives', () => {
    const TITLE_CALLS = [
      { name: 'PATCH /api/focusarea/update/{id}/', path: () => `/api/focusarea/update/${ctx.fixture.area}/` },
      {
        name: 'PATCH /api/initiative/update/{id}/',
        path: () => `/api/initiative/update/${ctx.fixture.initiative}/`,
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
          ? { strategy: ctx.fixture.strategy }
          : { focus_area: ctx.fixture.otherArea };
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
        await send('POST', '/api/focusarea/create/', { strategy: ctx.fixture.strategy, title: null }),
        'title',
        MESSAGES.titleRequired,
      );
      const untitled = await send('POST', '/api/initiative/create/', {
        focus_area: ctx.fixture.otherArea,
        title: null,
      });
      expect(untitled.status).toBe(201);
      expect(untitled.body.title).toBe('');
      expect((await send('DELETE', `/api/initiative/delete/${untitled.body.id}/`)).status).toBe(204);
    });
  });

  describe('strategy title and ambition', () => {
    it('should limit the title to 200 characters and the ambition to 400, and require both', async () => {
      const url = `/api/strategy/update/${ctx.fixture.strategy}/`;
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
      const charter = await send('GET', `/api/initiative/${ctx.fixture.initiative}`);
      expect(charter.body.problem_statement).toBe(stored);
    });

    it('should sanitise the ambition, focus area titles and initiative titles alike', async () => {
      const hostile = 'Go <a href="javascript:alert(1)" onclick="x()">now</a><script>alert(1)</script>';
      const clean = `Go <a ${LINK_ATTRIBUTES}>now</a>`;
      await send('PATCH', `/api/strategy/update/${ctx.fixture.strategy}/`, { ambition: hostile });
      await send('PATCH', `/api/focusarea/update/${ctx.fixture.area}/`, { title: hostile });
      await updateInitiative({ title: hostile });
      const created = await send('POST', '/api/initiative/create/', {
        focus_area: ctx.fixture.otherArea,
        title: hostile,
        deliverables: `<p>${hostile}</p>`,
      });
      expect(created.status).toBe(201);
      const after = await page();
      expect(after.ambition).toBe(clean);
      expect(after.focus_areas[0]!.title).toBe(clean);
      expect(initiativeOn(after, ctx.fixture.initiative)!.title).toBe(clean);
      expect(initiativeOn(after, created.body.id)).toMatchObject({
        title: clean,
        deliverables: `<p>${clean}</p>`,
      });
      expect((await send('DELETE', `/api/initiative/delete/${created.body.id}/`)).status).toBe(204);
    });
  });
});
