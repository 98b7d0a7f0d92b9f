/**
 * The strategy PDF's promise: ONE page, however full the strategy. 5 focus areas of 5 initiatives,
 * every title at its limit, many owners with long names, and 3 measures on every focus area and
 * initiative with titles at their limit, on both papers.
 */
import { LIMITS, PAPER_SIZES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeasure } from './helpers/measureRows';
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
    const measureTitle = (seed: string) => longText(seed, LIMITS.measureTitle);
    for (const area of areas) {
      for (let index = 0; index < LIMITS.measuresPerItem; index++)
        await insertMeasure(server, {
          strategyId,
          focusAreaId: area.id,
          title: measureTitle(`AreaMeasure${index}`),
          current: '12345678',
        });
      const existing = area.initiatives.map((initiative) => initiative.id);
      while (existing.length < LIMITS.initiativesPerFocusArea) {
        existing.push((await strategies.addInitiative(master.key, area.id)).id);
      }
      initiatives.push(...existing);
      for (const id of existing)
        for (let index = 0; index < LIMITS.measuresPerItem; index++)
          await insertMeasure(server, {
            strategyId,
            initiativeId: id,
            title: measureTitle(`Measure${index}`),
            lockedReadings: 1,
          });
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

  it.each(PAPER_SIZES)(
    'should fit on one %s page, every initiative named and every measure with its value',
    async (paper) => {
      const started = performance.now();
      const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/?paper=${paper}`, master.key);
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(200);
      const pdf = await readPdf(answer.bytes);
      expect(pdf.pages).toBe(1);
      for (let index = 0; index < 25; index++) expect(pdf.text).toContain(`Initiative${index} `);
      expect(pdf.text).toContain('…');
      // Every measure's value against its target stays readable: a long title gives way to the numbers.
      expect(pdf.text.match(/ of 100\b/g)).toHaveLength(LIMITS.measuresPerItem * (25 + 5));
      console.info(
        `worst-case strategy PDF (${paper}): ${Math.round(elapsed)} ms, ${answer.bytes.length} bytes`,
      );
    },
  );
});
