/**
 * Issue 28, item 7: both PDFs are tagged, so a screen reader reads them in order. Read back with
 * pdf.js as a reader does: marked, titled (shown as the window's title), in English, every text in
 * a structure element (headings, paragraphs, lists, tables) in reading order, and the footers,
 * rules and colours as artifacts; nothing drawn is left untagged.
 */
import { CHARTER_FIELD_LABELS, INITIATIVE_STATUSES, PDF_MESSAGES } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPdf } from './helpers/pdf';
import { readPdfTags } from './helpers/readPdfTags';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

/** The catalog's entries a checker looks for, as pdfkit writes them (objects are not compressed). */
function catalogOf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const start = text.search(/\/Type \/Catalog\b/);
  return text.slice(text.lastIndexOf('obj', start), text.indexOf('endobj', start));
}

describe('tagged PDFs of a strategy and a charter', () => {
  let server: TestServer;
  let master: Member;
  let strategyId: number;
  let initiativeId: number;
  let longInitiativeId: number;

  beforeAll(async () => {
    server = await getTestServer();
    const strategies = strategyApi(server);
    const organisationId = await server.createOrganisation('Tagged Holdings');
    master = await signedInUser(server, { organisationId, firstName: 'Maria', lastName: 'Master' });
    const owner = await signedInUser(server, { organisationId, firstName: 'Olga', lastName: 'Ownerova' });
    const strategy = await strategies.create(master.key, {
      title: 'Reach every classroom',
      ambition: '<p>Every pupil learns with a device.</p>',
    });
    strategyId = strategy.id;
    const area = strategy.focus_areas[0]!;
    initiativeId = area.initiatives[0]!.id;
    longInitiativeId = (await strategies.addInitiative(master.key, area.id)).id;
    await strategies.assignOk(master.key, {
      strategy_id: strategyId,
      initiatives: [
        { initiative_id: initiativeId, owners: [personOf(owner)], sponsors: [], team_members: [] },
      ],
    });
    await server.database.db.execute(sql`update focus_areas set title = 'Devices' where id = ${area.id}`);
    const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(32).slice(0, 899)}</p>`;
    for (const [id, body] of [
      [
        initiativeId,
        {
          title: 'Tablet library',
          problem_statement:
            '<p>Too few devices.</p><ul><li>Slow lessons</li><li>Shared logins</li></ul><ol><li>Count them</li></ol>',
        },
      ],
      [
        longInitiativeId,
        Object.fromEntries(
          ['problem_statement', 'in_scope', 'out_scope', 'deliverables', 'impact'].map((field) => [
            field,
            long,
          ]),
        ),
      ],
    ] as const) {
      const answer = await server.api('PATCH', `/api/initiative/update/${id}/`, { token: master.key, body });
      expect(answer.status).toBe(200);
    }
    await server.api('POST', '/api/timeline/create/', {
      token: master.key,
      body: {
        initiative: initiativeId,
        description: 'Buy tablets',
        start_date: '2026-01-05',
        end_date: '2026-02-01',
      },
    });
    await server.database.db.execute(
      sql`update initiatives set last_status = 'BL' where id = ${initiativeId}`,
    );
  });
  afterAll(() => server.close());

  it('should tag the strategy: title, H1, sections with H2 and H3 in reading order, footer as an artifact', async () => {
    const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/`, master.key);
    expect(answer.status).toBe(200);
    expect(answer.bytes.subarray(0, 8).toString()).toBe('%PDF-1.7');
    const catalog = catalogOf(answer.bytes);
    expect(catalog).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(catalog).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(catalog).toContain('/Lang (en)');
    expect(catalog).toMatch(/\/ViewerPreferences \d+ 0 R/);

    const tags = await readPdfTags(answer.bytes);
    expect(tags).toMatchObject({
      marked: true,
      title: 'Reach every classroom',
      language: 'en',
      displayDocTitle: true,
    });
    expect(tags.untagged).toEqual([]);
    expect(tags.elements.map(({ role, text }) => `${role}: ${text}`)).toEqual([
      'H1: Reach every classroom',
      'P: Every pupil learns with a device.',
      'H2: Devices',
      `LBody: 1 ${INITIATIVE_STATUSES.IN.label}`,
      `LBody: 1 ${INITIATIVE_STATUSES.BL.label}`,
      'H3: Tablet library',
      `P: ${INITIATIVE_STATUSES.BL.label}`,
      'P: Olga Ownerova',
      'P: No update yet',
      `H3: ${PDF_MESSAGES.untitledInitiative}`,
      `P: ${INITIATIVE_STATUSES.IN.label}`,
      `P: ${PDF_MESSAGES.noOwner}`,
      'P: No update yet',
    ]);
    // Each focus area a section, each initiative a section within it, the counts a list.
    expect(tags.elements.find((element) => element.role === 'H3')?.path).toEqual([
      'Root',
      'Document',
      'Sect',
      'Sect',
    ]);
    expect(tags.elements.find((element) => element.role === 'LBody')?.path).toEqual([
      'Root',
      'Document',
      'Sect',
      'L',
      'LI',
    ]);
    expect(tags.artifacts.join(' ')).toContain('Tagged Holdings · Reach every classroom');
  });

  it('should tag the charter: H1, the people as a table, each field under its H2, lists and the timeline', async () => {
    const answer = await getPdf(server, `/api/initiative/${initiativeId}/pdf/`, master.key);
    expect(answer.status).toBe(200);
    const tags = await readPdfTags(answer.bytes);
    expect(tags).toMatchObject({
      marked: true,
      title: 'Tablet library',
      language: 'en',
      displayDocTitle: true,
    });
    expect(tags.untagged).toEqual([]);
    const headings = tags.elements.filter((element) => /^H\d$/.test(element.role));
    expect(headings.map(({ role, text }) => `${role}: ${text}`)).toEqual([
      'H1: Tablet library',
      ...Object.values(CHARTER_FIELD_LABELS).map((label) => `H2: ${label}`),
    ]);
    const said = tags.elements.map(({ role, text }) => `${role}: ${text}`);
    // Reading order: where it belongs, the title, its status, then the people in labelled rows.
    expect(said.slice(0, 5)).toEqual([
      `P: ${PDF_MESSAGES.strategy}: Reach every classroom · ${PDF_MESSAGES.focusArea}: Devices`,
      'H1: Tablet library',
      `P: ${INITIATIVE_STATUSES.BL.label}`,
      `TH: ${PDF_MESSAGES.owners}`,
      'TD: Olga Ownerova',
    ]);
    const problem = said.indexOf(`H2: ${CHARTER_FIELD_LABELS.problem_statement}`);
    expect(said.slice(problem + 1, problem + 8)).toEqual([
      'P: Too few devices.',
      'Lbl: •',
      'LBody: Slow lessons',
      'Lbl: •',
      'LBody: Shared logins',
      'Lbl: 1.',
      'LBody: Count them',
    ]);
    // The bullets and the numbered list are two lists.
    expect(tags.roles.filter((role) => role === 'L')).toHaveLength(2);
    const timeline = said.indexOf(`H2: ${CHARTER_FIELD_LABELS.timeline}`);
    expect(said.slice(timeline + 1)).toEqual(['TH: 01/05/2026 – 02/01/2026', 'TD: Buy tablets']);
    expect(tags.roles.filter((role) => role === 'Table')).toHaveLength(2);
    expect(tags.artifacts).toContain(PDF_MESSAGES.page(1, 1));
  });

  it('should keep a charter of many pages tagged on every page, each footer an artifact', async () => {
    const answer = await getPdf(server, `/api/initiative/${longInitiativeId}/pdf/`, master.key);
    const tags = await readPdfTags(answer.bytes);
    const pages = Number(/Page 1 of (\d+)/.exec(tags.artifacts.join(' '))?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++)
      expect(tags.artifacts).toContain(PDF_MESSAGES.page(page, pages));
    expect(tags.untagged).toEqual([]);
    expect(tags.elements.filter((element) => element.role === 'H2')).toHaveLength(
      Object.keys(CHARTER_FIELD_LABELS).length,
    );
  });
});
