/**
 * Measures (DESIGN §10, issue 30): POST /api/measures/create/, PATCH /api/measures/update/{id}/,
 * DELETE /api/measures/delete/{id}/ and PATCH /api/measures/reading/{id}/. Who may define them
 * (initiative editors; the strategy's masters for a focus area), who may write readings (progress
 * editors), the limit of 3, versions, and numbers given back exactly as stored.
 */
import {
  MEASURE_MESSAGES,
  MESSAGES,
  type Measure,
  STRATEGY_MESSAGES,
  type Strategy,
} from '@keystone/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CharterFixture, charterFixture, charterSuite } from './helpers/charter';
import { COUNT_MEASURE, type MeasureApi, measureApi, refusal } from './helpers/measures';
import { organisationApi } from './helpers/organisation';
import { personOf, signedInUser, strategyApi } from './helpers/strategies';
import { EDITORS, ROLE_NAMES, ROLES, VIEWERS } from './helpers/strategyPermissionCalls';

const NOT_FOUND = { status: 404, detail: MEASURE_MESSAGES.notFound, errors: undefined };
const FORBIDDEN = { status: 403, detail: MESSAGES.noPermission, errors: undefined };

/** Every measure on a strategy page, wherever it sits. */
const measuresOn = (page: Strategy): Measure[] =>
  page.focus_areas.flatMap((area) => [
    ...area.measures,
    ...area.initiatives.flatMap((initiative) => initiative.measures),
  ]);

describe('measures', () => {
  const suite = charterSuite();
  let api: MeasureApi;
  let master: string;
  /** A fresh strategy (so the limits of 5 never get in the way) with the suite's people in their roles. */
  let fresh: () => Promise<CharterFixture>;
  /** The initiative of a fresh strategy. */
  let freshInitiative: () => Promise<number>;
  beforeAll(() => {
    api = measureApi(suite.server);
    master = suite.people.master.key;
    fresh = () => charterFixture(suite.server, suite.people);
    freshInitiative = async () => (await fresh()).initiative;
  });

  const page = (strategy: number) => strategyApi(suite.server).page(master, strategy);

  describe('defining', () => {
    it('should create a measure on an initiative with an empty current reading, on the page', async () => {
      const { initiative, strategy } = await fresh();
      const created = await api.define(
        suite.people.owner.key,
        { initiative },
        { decimals: 1, baseline: '10.0' },
      );
      expect(created).toMatchObject({
        model: 'measure',
        strategy,
        initiative,
        focus_area: null,
        title: 'Customers won',
        unit: 'number',
        currency: null,
        unit_label: 'customers',
        decimals: 1,
        baseline: '10',
        target: '50',
        direction: 'increase',
        amber_band: '10',
        version: 1,
        current: { due_date: null, value: null, note: '', version: 1 },
        history: [],
      });
      // No reporting rhythm set: a year from today.
      const inAYear = new Date();
      inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
      expect(created.target_date).toBe(inAYear.toISOString().slice(0, 10));
      expect(measuresOn(await page(created.strategy))).toContainEqual(created);
    });

    it('should let the masters define a focus area’s measures, and nobody else', async () => {
      const body = {
        ...COUNT_MEASURE,
        focus_area: suite.fixture.area,
        title: 'Market share',
        unit: 'percent',
      };
      expect(refusal(await api.create(suite.people.owner.key, body))).toEqual(FORBIDDEN);
      const created = await api.create(master, body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        focus_area: suite.fixture.area,
        initiative: null,
        unit: 'percent',
      });
      expect(refusal(await api.remove(suite.people.sponsor.key, created.body.id))).toEqual(FORBIDDEN);
      expect((await api.remove(master, created.body.id)).status).toBe(204);
    });

    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should answer the %s as DESIGN §4 says on an initiative',
      async (_name, role) => {
        const initiative = await freshInitiative();
        const response = await api.create(suite.people[role].key, { ...COUNT_MEASURE, initiative });
        if (EDITORS.includes(role)) expect(response.status).toBe(201);
        else if (VIEWERS.includes(role)) expect(refusal(response)).toEqual(FORBIDDEN);
        else
          expect(refusal(response)).toEqual({
            status: 404,
            detail: STRATEGY_MESSAGES.initiativeNotFound,
            errors: undefined,
          });
      },
    );

    it('should refuse a fourth measure, also when they are asked for at once', async () => {
      const { initiative, strategy } = await fresh();
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          api.create(master, { ...COUNT_MEASURE, initiative, title: `Measure ${n}` }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409]);
      expect(refusal(answers.find((answer) => answer.status === 409)!)).toEqual({
        status: 409,
        detail: MEASURE_MESSAGES.tooManyOnInitiative,
        errors: undefined,
      });
      const stored = measuresOn(await page(strategy)).filter((measure) => measure.initiative === initiative);
      expect(stored).toHaveLength(3);
    });

    it('should change a definition, checked whole, and refuse a stale one', async () => {
      const initiative = await freshInitiative();
      const created = await api.define(master, { initiative });
      const changed = await api.update(suite.people.owner.key, created.id, { target: '60.0', version: 1 });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ target: '60', baseline: '10', version: 2 });
      // The sponsor started from version 1: the owner's change came after.
      const stale = await api.update(suite.people.sponsor.key, created.id, { title: 'Clients', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'stale', current: { target: '60', version: 2 } });
      // Merged with what is stored, a direction can contradict the stored numbers.
      expect(refusal(await api.update(master, created.id, { direction: 'decrease' }))).toEqual({
        status: 400,
        detail: MEASURE_MESSAGES.decreaseAboveBaseline,
        errors: { target: [MEASURE_MESSAGES.decreaseAboveBaseline] },
      });
      expect(refusal(await api.update(suite.people.teamMember.key, created.id, { title: 'Mine' }))).toEqual(
        FORBIDDEN,
      );
    });

    it('should delete a measure with its readings', async () => {
      const initiative = await freshInitiative();
      const created = await api.define(master, { initiative });
      await api.write(master, created.id, { value: '12' });
      expect(refusal(await api.remove(suite.people.teamMember.key, created.id))).toEqual(FORBIDDEN);
      expect((await api.remove(suite.people.owner.key, created.id)).status).toBe(204);
      expect(measuresOn(await page(created.strategy)).map((measure) => measure.id)).not.toContain(created.id);
      expect(refusal(await api.remove(master, created.id))).toEqual(NOT_FOUND);
      expect(refusal(await api.write(master, created.id, { value: '1' }))).toEqual(NOT_FOUND);
    });
  });

  describe('readings', () => {
    it('should store a reading exactly and give it back on the page', async () => {
      const initiative = await freshInitiative();
      const created = await api.define(master, { initiative }, { decimals: 2 });
      const written = await api.write(suite.people.teamMember.key, created.id, {
        value: '0.30',
        note: 'Two deals',
        version: 1,
      });
      expect(written.status).toBe(200);
      expect(written.body.current).toMatchObject({
        value: '0.3',
        note: 'Two deals',
        version: 2,
        updated_by: suite.people.teamMember.id,
      });
      const onPage = measuresOn(await page(created.strategy)).find((measure) => measure.id === created.id);
      expect(onPage?.current).toEqual(written.body.current);
      // Emptied again: "No reading".
      const emptied = await api.write(master, created.id, { value: null });
      expect(emptied.body.current).toMatchObject({ value: null, note: 'Two deals', version: 3 });
    });

    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should let the %s write a reading only as a progress editor',
      async (_name, role) => {
        const initiative = await freshInitiative();
        const created = await api.define(master, { initiative });
        const response = await api.write(suite.people[role].key, created.id, { value: 5 });
        if (VIEWERS.includes(role)) expect(response.status).toBe(200);
        else expect(refusal(response)).toEqual(NOT_FOUND);
      },
    );

    it('should refuse a reading from someone who started from an older version', async () => {
      const initiative = await freshInitiative();
      const created = await api.define(master, { initiative });
      expect((await api.write(suite.people.owner.key, created.id, { value: '20', version: 1 })).status).toBe(
        200,
      );
      const stale = await api.write(suite.people.sponsor.key, created.id, { value: '21', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        code: 'stale',
        current: { current: { value: '20' } },
        changed_by: { id: suite.people.owner.id },
      });
    });

    it('should refuse only a field someone else wrote since, as every record does', async () => {
      const initiative = await freshInitiative();
      const created = await api.define(master, { initiative });
      expect((await api.write(suite.people.owner.key, created.id, { value: '20', version: 1 })).status).toBe(
        200,
      );
      const note = await api.write(suite.people.sponsor.key, created.id, { note: 'Two deals', version: 1 });
      expect(note.status).toBe(200);
      expect(note.body.current).toMatchObject({ value: '20', note: 'Two deals', version: 3 });
      const value = await api.write(suite.people.sponsor.key, created.id, { value: '21', version: 1 });
      expect(value.status).toBe(409);
      expect(value.body).toMatchObject({
        code: 'stale',
        current: { current: { value: '20', note: 'Two deals' } },
        changed_by: { id: suite.people.owner.id },
      });
    });
  });
  describe('bad input (issue 30, item 6): a clear 400 or 409, nothing stored', () => {
    const m = MEASURE_MESSAGES;
    const cases: [string, object, string, string][] = [
      ['a baseline that is no number', { baseline: 'ten' }, 'baseline', m.notANumber('Baseline')],
      ['an infinite target', { target: 'Infinity' }, 'target', m.notANumber('Target')],
      ['a target beyond what a double holds', { target: '1e999' }, 'target', m.tooPrecise('Target')],
      [
        'a target of 16 significant digits',
        { target: '1234567890.123456', decimals: 4 },
        'target',
        m.tooPrecise('Target'),
      ],
      [
        'more decimals than the measure has',
        { baseline: '10.5' },
        'baseline',
        m.tooManyDecimals('Baseline', 0),
      ],
      ['a thousands separator', { target: '1,000' }, 'target', m.notANumber('Target')],
      ['a target equal to the baseline', { target: '10' }, 'target', m.targetEqualsBaseline],
      ['an increase with the target below the baseline', { target: '5' }, 'target', m.increaseBelowBaseline],
      [
        'a decrease with the target above the baseline',
        { direction: 'decrease' },
        'target',
        m.decreaseAboveBaseline,
      ],
      [
        'an unknown currency code',
        { unit: 'currency', currency: 'XYZ' },
        'currency',
        m.unknownCurrency('XYZ'),
      ],
      ['a currency measure without its code', { unit: 'currency' }, 'currency', m.currencyRequired],
      ['a code on a number measure', { currency: 'EUR' }, 'currency', m.currencyWithoutCurrencyUnit],
      ['an unknown direction', { direction: 'sideways' }, 'direction', m.unknownDirection],
      ['an unknown unit', { unit: 'litres' }, 'unit', m.unknownUnit],
      ['decimals beyond 4', { decimals: 5 }, 'decimals', m.decimals],
      ['an amber band beyond 100', { amber_band: '101' }, 'amber_band', m.amberBand],
      ['a title too long', { title: 'x'.repeat(121) }, 'title', m.titleTooLong],
      ['an empty title', { title: '  ' }, 'title', m.titleRequired],
      ['a target date that is no day', { target_date: '2027-02-30' }, 'target_date', m.invalidTargetDate],
    ];

    it.each(cases)('should refuse %s', async (_name, change, field, message) => {
      const { initiative, strategy } = await fresh();
      const response = await api.create(master, { ...COUNT_MEASURE, initiative, ...change });
      expect(refusal(response)).toEqual({ status: 400, detail: message, errors: { [field]: [message] } });
      expect(measuresOn(await page(strategy))).toEqual([]);
    });

    it('should refuse a measure on both an initiative and a focus area', async () => {
      const { initiative, area, strategy } = await fresh();
      const response = await api.create(master, { ...COUNT_MEASURE, initiative, focus_area: area });
      expect(refusal(response)).toEqual({
        status: 400,
        detail: m.oneOwner,
        errors: { initiative: [m.oneOwner] },
      });
      expect(measuresOn(await page(strategy))).toEqual([]);
    });

    it('should refuse a bad change of a definition and keep the stored one', async () => {
      const created = await api.define(master, { initiative: await freshInitiative() });
      for (const [change, message] of [
        [{ baseline: '50' }, m.targetEqualsBaseline],
        [{ target: 'lots' }, m.notANumber('Target')],
        [{ unit: 'currency', currency: 'ABC' }, m.unknownCurrency('ABC')],
      ] as const) {
        expect((await api.update(master, created.id, change)).body.detail).toBe(message);
      }
      const [stored] = measuresOn(await page(created.strategy));
      expect(stored).toEqual(created);
    });

    it('should refuse a reading that is no number, too precise or too long, and store nothing', async () => {
      const created = await api.define(master, { initiative: await freshInitiative() }, { decimals: 2 });
      const refused = [
        [{ value: 'twelve' }, 'value', m.notANumber('The value')],
        [{ value: '1.234' }, 'value', m.tooManyDecimals('The value', 2)],
        [{ value: '12345678901234567' }, 'value', m.tooPrecise('The value')],
        [{ value: 'Infinity' }, 'value', m.notANumber('The value')],
        [{ value: true }, 'value', m.notANumber('The value')],
        [{ note: 'n'.repeat(281) }, 'note', m.noteTooLong],
        [{ value: '1', due_date: 'next week' }, 'due_date', m.unknownDueDate],
      ] as const;
      for (const [body, field, message] of refused)
        expect(refusal(await api.write(master, created.id, body)), JSON.stringify(body)).toEqual({
          status: 400,
          detail: message,
          errors: { [field]: [message] },
        });
      const [stored] = measuresOn(await page(created.strategy));
      expect(stored!.current).toEqual(created.current);
    });

    it('should keep numbers exact: 0.1 and 0.2 read back as typed, a sum of them as 0.3', async () => {
      const created = await api.define(
        master,
        { initiative: await freshInitiative() },
        { decimals: 4, baseline: 0.1, target: '0.2000' },
      );
      expect(created).toMatchObject({ baseline: '0.1', target: '0.2' });
      const written = await api.write(master, created.id, { value: 0.3 });
      expect(written.body.current.value).toBe('0.3');
      const big = await api.write(master, created.id, { value: '1.23456' });
      expect(refusal(big)).toEqual({
        status: 400,
        detail: m.tooManyDecimals('The value', 4),
        errors: { value: [m.tooManyDecimals('The value', 4)] },
      });
      const precise = await api.update(master, created.id, { target: '99999999999.9999' });
      expect(precise.body.target).toBe('99999999999.9999');
    });
  });

  describe('another organisation and deactivated people', () => {
    it('should not let another organisation learn a measure exists', async () => {
      const created = await api.define(master, { initiative: await freshInitiative() });
      const stranger = suite.people.otherOrganisation.key;
      expect(refusal(await api.update(stranger, created.id, { title: 'Mine' }))).toEqual(NOT_FOUND);
      expect(refusal(await api.write(stranger, created.id, { value: '1' }))).toEqual(NOT_FOUND);
      expect(refusal(await api.remove(stranger, created.id))).toEqual(NOT_FOUND);
      expect(
        refusal(await api.lockedReadings(stranger, { strategy_id: created.strategy, date: '2026-06-01' })),
      ).toEqual({ status: 404, detail: STRATEGY_MESSAGES.strategyNotFound, errors: undefined });
      const [stored] = measuresOn(await page(created.strategy));
      expect(stored).toEqual(created);
    });

    it('should refuse every call of a deactivated person at once', async () => {
      const admin = await signedInUser(suite.server, {
        organisationId: suite.people.master.organisationId,
        isAdmin: true,
      });
      const leaving = await signedInUser(suite.server, {
        organisationId: suite.people.master.organisationId,
        firstName: 'Lea',
        lastName: 'Leaving',
      });
      const { initiative, strategy } = await fresh();
      await strategyApi(suite.server).assignOk(master, {
        strategy_id: strategy,
        initiatives: [{ initiative_id: initiative, owners: [personOf(leaving)] }],
      });
      const created = await api.define(leaving.key, { initiative });
      const deactivated = await organisationApi(suite.server.api).updateMember(admin.key, leaving.id, {
        is_active: false,
      });
      expect(deactivated.status).toBe(200);
      const invalid = { status: 403, detail: MESSAGES.invalidToken, errors: undefined };
      expect(refusal(await api.create(leaving.key, { ...COUNT_MEASURE, initiative }))).toEqual(invalid);
      expect(refusal(await api.update(leaving.key, created.id, { title: 'Gone' }))).toEqual(invalid);
      expect(refusal(await api.write(leaving.key, created.id, { value: '20' }))).toEqual(invalid);
      expect(refusal(await api.remove(leaving.key, created.id))).toEqual(invalid);
      expect(measuresOn(await page(strategy))).toEqual([created]);
    });
  });
});
