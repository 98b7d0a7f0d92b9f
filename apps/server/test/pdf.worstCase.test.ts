/**
 * The strategy PDF's promise: ONE page, however full the strategy. 5 focus areas of 5 initiatives,
 * every title at its limit and many owners with long names, on both papers.
 */
import { LIMITS, PAPER_SIZES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPdf } from './helpers/pdf';
import { readPdf } from './helpers/readPdf';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const longText = (seed: string, limit: number) =>
  `${seed} ${'Ελλάδα Київ Łódź expansion plan '.repeat(40)}`.slice(0, limit);

describe('the strategy PDF of a full strategy', () => {
  let server: TestServer;
  let master: Member;
  let strategyId: number;

  beforeAll(async () => {
    server = await getTestServer();
    const strategies = strategyApi(server);
    const organisationId = await server.createOrganisation('Acme');
    master = await signedInUser(server, { organisationId });
    const owners: TestUser[] = [];
    for (let index = 0; index < 8; index++) {
      owners.push(
        await server.createUser({
          organisationId,
          firstName: longText(`Owner${index}`, 40),
          lastName: longText('Surname', 40),
        }),
      );
    }
    const strategy = await strategies.create(master.key, {
      title: longText('Strategy', LIMITS.title),
      ambition: `<p>${longText('Ambition', LIMITS.ambition)}</p>`,
    });
    strategyId = strategy.id;
    const areas = [strategy.focus_areas[0]!];
    while (areas.length < LIMITS.focusAreasPerStrategy) {
      areas.push(
        await strategies.addFocusArea(master.key, strategyId, { title: longText('Area', LIMITS.title) }),
      );
    }
    const initiatives: number[] = [];
    for (const area of areas) {
      const existing = area.initiatives.map((initiative) => initiative.id);
      while (existing.length < LIMITS.initiativesPerFocusArea) {
        existing.push((await strategies.addInitiative(master.key, area.id)).id);
      }
      initiatives.push(...existing);
    }
    for (const [index, id] of initiatives.entries()) {
      const answer = await server.api('PATCH', `/api/initiative/update/${id}/`, {
        token: master.key,
        body: { title: longText(`Initiative${index}`, LIMITS.title) },
      });
      expect(answer.status).toBe(200);
    }
    await strategies.assignOk(master.key, {
      strategy_id: strategyId,
      initiatives: initiatives.map((id) => ({
        initiative_id: id,
        owners: owners.map(personOf),
        sponsors: [],
        team_members: [],
      })),
    });
  }, 120_000);
  afterAll(() => server.close());

  it.each(PAPER_SIZES)('should fit on one %s page, every initiative named', async (paper) => {
    const started = performance.now();
    const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/?paper=${paper}`, master.key);
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    const pdf = await readPdf(answer.bytes);
    expect(pdf.pages).toBe(1);
    for (let index = 0; index < 25; index++) expect(pdf.text).toContain(`Initiative${index} `);
    expect(pdf.text).toContain('…');
    console.info(
      `worst-case strategy PDF (${paper}): ${Math.round(elapsed)} ms, ${answer.bytes.length} bytes`,
    );
  });
});
