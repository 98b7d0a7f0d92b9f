/**
 * PDFs are made off the event loop, a bounded number at once per instance (security audit of
 * 2026-11-28, finding 1): a burst of exports beyond the bound is refused at once with 503 and
 * Retry-After in the contract's words, the PDFs admitted still come out whole, and one
 * organisation's burst leaves room for another's.
 */
import { CHARTER_TEXT_FIELDS, PDF_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_REQUESTS_PER_KEY } from '../src/modules/pdf/keyGate';
import { getPdf, type PdfAnswer } from './helpers/pdf';
import { readPdf } from './helpers/readPdf';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

/** The audit's long charter field: one-character paragraphs, 7,200 characters of markup. */
const manyParagraphs = Array.from({ length: 900 }, (_, index) => `<p>${'abcdefghij'[index % 10]}</p>`).join(
  '',
);

describe('PDF exports beyond what an instance makes at once', () => {
  let server: TestServer;
  const busyPeople: Member[] = [];
  let other: Member;
  let busyCharter: number;
  let otherCharter: number;

  /** A strategy of `masters` whose first initiative has the long charter titled `title`. */
  async function charter(masters: Member[], title: string): Promise<number> {
    const strategies = strategyApi(server);
    const strategy = await strategies.create(masters[0]!.key, { title: `${title} strategy` });
    await strategies.assignOk(masters[0]!.key, {
      strategy_id: strategy.id,
      strategy_masters: masters.map(personOf),
    });
    const id = strategy.focus_areas[0]!.initiatives[0]!.id;
    const body: Record<string, string> = { title };
    // The work plan is one line: 900 characters of it.
    for (const field of CHARTER_TEXT_FIELDS) {
      body[field] = field === 'work_plan' ? 'plan '.repeat(180).trim() : manyParagraphs;
    }
    const update = await server.api('PATCH', `/api/initiative/update/${id}/`, {
      token: masters[0]!.key,
      body,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    return id;
  }

  beforeAll(async () => {
    // One PDF made at once and two waiting; one organisation may hold two of those three places.
    server = await getTestServer({ pdf: { renders: 1, queue: 2, perOrganisation: 2 } });
    const busyOrganisation = await server.createOrganisation('Busy Ltd');
    for (let index = 0; index < 3; index++) {
      busyPeople.push(await signedInUser(server, { organisationId: busyOrganisation }));
    }
    busyCharter = await charter(busyPeople, 'Busy charter');
    other = await signedInUser(server, { organisationId: await server.createOrganisation('Calm plc') });
    otherCharter = await charter([other], 'Calm charter');
  }, 120_000);
  afterAll(() => server.close());

  async function expectWholeCharter(answer: PdfAnswer, title: string) {
    expect(answer.status).toBe(200);
    const pdf = await readPdf(answer.bytes);
    expect(pdf.pages).toBeGreaterThan(20);
    expect(pdf.text).toContain(title);
  }

  it('should refuse the exports past its bound with 503 and Retry-After, and make the others whole', async () => {
    const url = `/api/initiative/${busyCharter}/pdf/`;
    const burst = busyPeople.flatMap((person) =>
      Array.from({ length: 3 }, () => getPdf(server, url, person.key)),
    );
    const otherAnswer = getPdf(server, `/api/initiative/${otherCharter}/pdf/`, other.key);
    const answers = await Promise.all(burst);

    const refused = answers.filter((answer) => answer.status === 503);
    const made = answers.filter((answer) => answer.status === 200);
    expect(refused.length + made.length).toBe(answers.length);
    // Two places for the busy organisation: at most two of its nine exports get in at a time.
    expect(refused.length).toBeGreaterThanOrEqual(6);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json).toEqual({
        detail: PDF_MESSAGES.busy,
        retry_after: Number(answer.headers['retry-after']),
      });
    }
    for (const answer of made) await expectWholeCharter(answer, 'Busy charter');
    // The other organisation's export had a place of its own.
    await expectWholeCharter(await otherAnswer, 'Calm charter');
  }, 180_000);

  it('should make PDFs again once the burst is over', async () => {
    await expectWholeCharter(
      await getPdf(server, `/api/initiative/${busyCharter}/pdf/`, busyPeople[1]!.key),
      'Busy charter',
    );
  }, 60_000);
});

describe('PDF requests of one key under way at once', () => {
  let server: TestServer;
  let person: Member;
  let charterId: number;

  beforeAll(async () => {
    // Room for nine at once, six of them one organisation's: only the key's own bound refuses here.
    server = await getTestServer({ pdf: { renders: 1, queue: 8, perOrganisation: 6 } });
    person = await signedInUser(server, { organisationId: await server.createOrganisation('Eager GmbH') });
    const strategy = await strategyApi(server).create(person.key, { title: 'Eager strategy' });
    charterId = strategy.focus_areas[0]!.initiatives[0]!.id;
  }, 60_000);
  afterAll(() => server.close());

  it(`should refuse a key's requests past ${PDF_REQUESTS_PER_KEY} under way, and take its next one after`, async () => {
    const url = `/api/initiative/${charterId}/pdf/`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => getPdf(server, url, person.key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 503, 503, 503, 503]);
    for (const answer of answers.filter((one) => one.status === 503)) {
      expect(answer.json).toEqual({ detail: PDF_MESSAGES.busy, retry_after: expect.any(Number) });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // The places came back with the answers.
    const again = await Promise.all([getPdf(server, url, person.key), getPdf(server, url, person.key)]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
  }, 120_000);

  it("should not let a made-up key's burst hold a real person's places", async () => {
    const url = `/api/initiative/${charterId}/pdf/`;
    const madeUp = Array.from({ length: 6 }, () => getPdf(server, url, 'made-up-key'));
    const real = getPdf(server, url, person.key);
    const statuses = (await Promise.all(madeUp)).map((answer) => answer.status);
    // Two reach the key check and are refused as invalid; the rest never get that far.
    expect(statuses.sort()).toEqual([403, 403, 503, 503, 503, 503]);
    expect((await real).status).toBe(200);
  }, 120_000);
});
