/**
 * GET /api/strategy/{id}/pdf/ and /api/initiative/{id}/pdf/: the documents read back as text (so
 * what a reader sees is asserted, not how it is drawn), their paper, who may have them, and the
 * measures' values against their targets (issue 30).
 */
import {
  BOARD_TEXT,
  CHARTER_FIELD_LABELS,
  COSTLY_CALLS_PER_MINUTE,
  INITIATIVE_STATUSES,
  LIMITS,
  MEASURE_TEXT,
  MESSAGES,
  type Measure,
  PDF_MESSAGES,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureApi } from './helpers/measures';
import { getPdf } from './helpers/pdf';
import { readPdf } from './helpers/readPdf';
import { readPdfTags } from './helpers/readPdfTags';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const NON_LATIN = 'Łódź – Ελλάδα – Київ';
const A4 = { width: 841.89, height: 595.28 };
const LETTER = { width: 792, height: 612 };

describe('PDFs of a strategy and a charter', () => {
  let server: TestServer;
  let master: Member;
  let owner: Member;
  let colleague: Member;
  let stranger: Member;
  let strategyId: number;
  let initiativeId: number;
  let revenue: Measure;

  beforeAll(async () => {
    server = await getTestServer();
    const strategies = strategyApi(server);
    const organisationId = await server.createOrganisation('Acme Holdings');
    master = await signedInUser(server, { organisationId, firstName: 'Maria', lastName: 'Master' });
    owner = await signedInUser(server, { organisationId, firstName: 'Olga', lastName: 'Ownerova' });
    colleague = await signedInUser(server, { organisationId, firstName: 'Colin' });
    stranger = await signedInUser(server, { firstName: 'Stranger' });

    const strategy = await strategies.create(master.key, {
      title: `Growth ${NON_LATIN}`,
      ambition: '<p>Be the <strong>first</strong> choice</p>',
    });
    strategyId = strategy.id;
    const area = strategy.focus_areas[0]!;
    initiativeId = area.initiatives[0]!.id;
    await strategies.addInitiative(master.key, area.id);
    await strategies.assignOk(master.key, {
      strategy_id: strategyId,
      initiatives: [
        { initiative_id: initiativeId, owners: [personOf(owner)], sponsors: [], team_members: [] },
      ],
    });
    await server.database.db.execute(sql`update focus_areas set title = 'Customers' where id = ${area.id}`);
    const update = await server.api('PATCH', `/api/initiative/update/${initiativeId}/`, {
      token: master.key,
      body: {
        title: `Open the ${NON_LATIN} office`,
        problem_statement:
          '<p>Too far from clients.</p><ul><li>Slow answers</li><li>High travel costs</li></ul>',
      },
    });
    expect(update.status).toBe(200);
    await server.api('POST', '/api/timeline/create/', {
      token: master.key,
      body: {
        initiative: initiativeId,
        description: 'Sign the lease',
        start_date: '2026-01-05',
        end_date: '2026-02-01',
      },
    });
    // Due at 10:30 on 11/03 in Auckland, still 11/02 in UTC: the PDF reads days in the strategy's zone.
    await server.database.db.execute(
      sql`update initiatives set last_status = 'BL', last_progress_update = '2026-11-02T21:30:00Z' where id = ${initiativeId}`,
    );
    await server.database.db.execute(
      sql`update notification_settings set time_zone = 'Pacific/Auckland' where strategy_id = ${strategyId}`,
    );
    // Measures: Revenue read at a past due date (locked readings come only from due dates, so it
    // is written into the table) and now; NPS, the focus area's, not read yet.
    const measures = measureApi(server);
    revenue = await measures.define(
      master.key,
      { initiative: initiativeId },
      {
        title: 'Revenue',
        unit: 'currency',
        currency: 'EUR',
        unit_label: '',
        decimals: 2,
        baseline: '1000',
        target: '2000',
        target_date: '2026-12-31',
      },
    );
    await server.database.db.execute(
      sql`insert into measure_readings (measure_id, value, note, locked_at) values (${revenue.id}, 1100, '', '2026-10-04T21:00:00Z')`,
    );
    expect((await measures.write(master.key, revenue.id, { value: '1200' })).status).toBe(200);
    await measures.define(
      master.key,
      { focus_area: area.id },
      { title: 'NPS', unit_label: '', baseline: '40', target: '40', direction: 'at_least' },
    );
  });
  afterAll(() => server.close());

  describe('GET /api/strategy/{id}/pdf/', () => {
    it('should answer one landscape A4 page with the strategy, its statuses, owners and updates as text', async () => {
      const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/`, master.key);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="Growth-Lodz.pdf"; filename*=UTF-8''${encodeURIComponent(`Growth ${NON_LATIN}.pdf`)}`,
      );
      expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await readPdf(answer.bytes);
      expect(pdf.pages).toBe(1);
      expect(pdf.size.width).toBeCloseTo(A4.width, 0);
      expect(pdf.size.height).toBeCloseTo(A4.height, 0);
      for (const text of [
        `Growth ${NON_LATIN}`,
        'Be the first choice',
        'Customers',
        `Open the ${NON_LATIN} office`,
        INITIATIVE_STATUSES.BL.label,
        'Olga Ownerova',
        BOARD_TEXT.updatedOn('11/03/2026'),
        PDF_MESSAGES.untitledInitiative,
        `1 ${INITIATIVE_STATUSES.BL.label}`,
        `1 ${INITIATIVE_STATUSES.IN.label}`,
        BOARD_TEXT.noUpdateYet,
        'Acme Holdings',
        // Each measure's latest value against its target, with what the numbers suggest.
        `Revenue: ${MEASURE_TEXT.valueOfTarget('€1,200.00', '€2,000.00')} · ${MEASURE_TEXT.suggested('on_track')}`,
        `NPS: ${MEASURE_TEXT.noReadingOfTarget('40')}`,
      ]) {
        expect(pdf.text).toContain(text);
      }
      const tags = await readPdfTags(answer.bytes);
      expect(tags.untagged).toEqual([]);
      // The focus area's measure under its counts, the initiative's last on its card.
      const said = tags.elements.map(({ role, text }) => `${role}: ${text}`);
      expect(said.indexOf(`P: NPS: ${MEASURE_TEXT.noReadingOfTarget('40')}`)).toBe(
        said.indexOf('H2: Customers') + 3,
      );
      expect(said[said.indexOf(`H3: Open the ${NON_LATIN} office`) + 4]).toMatch(/^P: Revenue: /);
    });

    it('should print on Letter when asked', async () => {
      const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/?paper=letter`, master.key);
      const pdf = await readPdf(answer.bytes);
      expect(pdf.size).toEqual(LETTER);
    });

    it('should refuse an unknown paper with a clear 400', async () => {
      const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/?paper=a3`, master.key);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        detail: PDF_MESSAGES.badPaper,
        errors: { paper: [PDF_MESSAGES.badPaper] },
      });
    });
  });

  describe('GET /api/initiative/{id}/pdf/', () => {
    it('should print the charter with its place, people, approval, fields and timeline', async () => {
      const answer = await getPdf(server, `/api/initiative/${initiativeId}/pdf/`, owner.key);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toContain('filename="Open-the-Lodz-office.pdf"');
      const pdf = await readPdf(answer.bytes);
      expect(pdf.size.width).toBeCloseTo(A4.height, 0);
      for (const text of [
        `Growth ${NON_LATIN}`,
        'Customers',
        `Open the ${NON_LATIN} office`,
        INITIATIVE_STATUSES.BL.label,
        'Olga Ownerova',
        PDF_MESSAGES.notApproved,
        ...Object.values(CHARTER_FIELD_LABELS),
        'Too far from clients.',
        '• Slow answers',
        '• High travel costs',
        PDF_MESSAGES.empty,
        // Timeline days are calendar days: no zone moves them.
        '01/05/2026 – 02/01/2026',
        'Sign the lease',
        PDF_MESSAGES.page(1, pdf.pages),
        // Its measures: each value against its target, its definition, its readings by due date
        // (days in the strategy's zone: 21:00 UTC on 10/04 is 10/05 in Auckland).
        MEASURE_TEXT.measures,
        `Revenue: ${MEASURE_TEXT.valueOfTarget('€1,200.00', '€2,000.00')}`,
        `Increase to €2,000.00 by 12/31/2026 · Baseline €1,000.00 · Amber band ${revenue.amber_band} %`,
        `${MEASURE_TEXT.dueDate} ${MEASURE_TEXT.reading} ${MEASURE_TEXT.expected} ${PDF_MESSAGES.suggestedColumn}`,
        '10/05/2026 €1,100.00 €1,000.00 On track',
      ]) {
        expect(pdf.text).toContain(text);
      }
      const tags = await readPdfTags(answer.bytes);
      expect(tags.untagged).toEqual([]);
      const said = tags.elements.map(({ role, text }) => `${role}: ${text}`);
      const measures = said.indexOf(`H2: ${MEASURE_TEXT.measures}`);
      // Between the charter's fields and its timeline; the readings a table with headed rows and columns.
      expect(measures).toBeGreaterThan(said.indexOf(`H2: ${CHARTER_FIELD_LABELS.work_plan}`));
      expect(said.slice(measures + 1, measures + 12)).toEqual([
        'H3: Revenue',
        expect.stringMatching(/^P: Revenue: /),
        expect.stringMatching(/^P: Increase to /),
        `TH: ${MEASURE_TEXT.dueDate}`,
        `TH: ${MEASURE_TEXT.reading}`,
        `TH: ${MEASURE_TEXT.expected}`,
        `TH: ${PDF_MESSAGES.suggestedColumn}`,
        'TH: 10/05/2026',
        'TD: €1,100.00',
        'TD: €1,000.00',
        'TD: On track',
      ]);
      expect(said[measures + 12]).toBe(`H2: ${CHARTER_FIELD_LABELS.timeline}`);
    });

    it('should run over as many pages as a full charter needs, on Letter when asked', async () => {
      const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(32).slice(0, LIMITS.charterField - 1)}</p>`;
      const fields = [
        'problem_statement',
        'in_scope',
        'out_scope',
        'deliverables',
        'risks_and_dependencies',
        'impact',
        'investment',
      ];
      const area = (await strategyApi(server).page(master.key, strategyId)).focus_areas[0]!;
      const other = area.initiatives[1]!.id;
      const update = await server.api('PATCH', `/api/initiative/update/${other}/`, {
        token: master.key,
        body: Object.fromEntries(fields.map((field) => [field, long])),
      });
      expect(update.status).toBe(200);
      const pdf = await readPdf(
        (await getPdf(server, `/api/initiative/${other}/pdf/?paper=letter`, master.key)).bytes,
      );
      expect(pdf.pages).toBeGreaterThan(1);
      expect(pdf.size).toEqual({ width: LETTER.height, height: LETTER.width });
      expect(pdf.text).toContain(PDF_MESSAGES.untitledInitiative);
      expect(pdf.text).toContain(PDF_MESSAGES.page(pdf.pages, pdf.pages));
    });
  });

  describe('who may have them', () => {
    const urls = () => [`/api/strategy/${strategyId}/pdf/`, `/api/initiative/${initiativeId}/pdf/`];

    it('should answer 404 to another organisation and to a colleague without a role', async () => {
      for (const url of urls()) {
        for (const person of [stranger, colleague]) {
          const answer = await getPdf(server, url, person.key);
          expect(answer.status, url).toBe(404);
        }
      }
      const missing = await getPdf(server, '/api/strategy/999999/pdf/', master.key);
      expect(missing.status).toBe(404);
      expect((missing.json as { detail: string }).detail).toBe(STRATEGY_MESSAGES.strategyNotFound);
    });

    it('should refuse a call without a key, and the key of a deactivated person, as every read does', async () => {
      const deactivated = await signedInUser(server, { organisationId: master.organisationId });
      await server.database.db.execute(sql`update users set is_active = false where id = ${deactivated.id}`);
      for (const url of urls()) {
        const anonymous = await getPdf(server, url);
        expect(anonymous.status).toBe(403);
        expect(anonymous.json).toEqual({ detail: MESSAGES.credentialsMissing });
        const refused = await getPdf(server, url, deactivated.key);
        expect(refused.status).toBe(403);
        expect(refused.json).toEqual({ detail: MESSAGES.invalidToken });
      }
    });

    it('should answer 400 to a malformed id', async () => {
      const answer = await getPdf(server, '/api/strategy/abc/pdf/', master.key);
      expect(answer.status).toBe(400);
    });

    it('should limit how many PDFs one person makes a minute, without slowing anyone else', async () => {
      const busy = await signedInUser(server, { organisationId: master.organisationId });
      await strategyApi(server).assignOk(master.key, {
        strategy_id: strategyId,
        initiatives: [
          {
            initiative_id: initiativeId,
            owners: [personOf(owner)],
            sponsors: [personOf(busy)],
            team_members: [],
          },
        ],
      });
      const url = `/api/initiative/${initiativeId}/pdf/`;
      for (let call = 0; call < COSTLY_CALLS_PER_MINUTE; call++) {
        expect((await getPdf(server, url, busy.key)).status).toBe(200);
      }
      expect((await getPdf(server, url, busy.key)).status).toBe(429);
      expect((await getPdf(server, url, owner.key)).status).toBe(200);
    });
  });
});
