/**
 * The documented decision (docs/ARCHITECTURE.md, charter approval): an approval covers the charter
 * as it was approved. A real change of a charter field or of a timeline row withdraws it (and the
 * request, so the owner can ask again); the title, the status, or saving what is already stored
 * does not.
 */
import { describe, expect, it } from 'vitest';
import {
  approvalOf,
  type CharterApi,
  type CharterFixture,
  charterFixture,
  charterSuite,
  NOT_APPROVED,
  type People,
} from './helpers/charter';
import { initiativeOn, strategyApi } from './helpers/strategies';
import { CHARTER_FIELDS } from './helpers/strategyEndpoints';
import type { ApiResponse } from './helpers/testServer';

const IMPACT = '<p>Revenue <strong>up</strong> 10%</p>';
const ROW = { description: '<em>Pilot</em>', start_date: '2026-03-01', end_date: '2026-03-31' };

interface Approved extends CharterFixture {
  /** A timeline row written before the approval. */
  row: number;
}

/** A change to try on an approved charter, and the status it answers. */
type Change = [
  string,
  (charter: CharterApi, people: People, fixture: Approved) => Promise<ApiResponse>,
  number,
];

const CHANGES: Change[] = [
  ['adding a timeline row', (c, p, f) => c.createTimeline(p.owner.key, { initiative: f.initiative }), 201],
  [
    'changing a row description',
    (c, p, f) => c.updateTimeline(p.sponsor.key, f.row, { description: 'Pilot!' }),
    200,
  ],
  [
    'moving a row end date',
    (c, p, f) => c.updateTimeline(p.owner.key, f.row, { end_date: '2026-04-30' }),
    200,
  ],
  ['clearing a row start date', (c, p, f) => c.updateTimeline(p.owner.key, f.row, { start_date: null }), 200],
  ['deleting a timeline row', (c, p, f) => c.deleteTimeline(p.master.key, f.row), 204],
];

const KEPT: Change[] = [
  ['a new title', (c, p, f) => c.update(p.owner.key, f.initiative, { title: 'Renamed' }), 200],
  [
    'a new status from a team member',
    (c, p, f) => c.update(p.teamMember.key, f.initiative, { status: 'OT' }),
    200,
  ],
  ['the same impact again', (c, p, f) => c.update(p.owner.key, f.initiative, { impact: IMPACT }), 200],
  [
    'an impact that is the stored one once sanitised',
    (c, p, f) => c.update(p.owner.key, f.initiative, { impact: `${IMPACT}<script>alert(1)</script>` }),
    200,
  ],
  ['the same timeline row again', (c, p, f) => c.updateTimeline(p.owner.key, f.row, ROW), 200],
  ['an empty timeline update', (c, p, f) => c.updateTimeline(p.owner.key, f.row, {}), 200],
  [
    'a refused row (end before start)',
    (c, p, f) => c.updateTimeline(p.owner.key, f.row, { end_date: '2026-02-01' }),
    400,
  ],
  [
    'a refused charter change by a team member',
    (c, p, f) => c.update(p.teamMember.key, f.initiative, { impact: '<p>Other</p>' }),
    403,
  ],
  ['a refused row by a team member', (c, p, f) => c.deleteTimeline(p.teamMember.key, f.row), 403],
];

/** Checks the status of a call, with its answer in the failure message. */
async function expectStatus(call: Promise<ApiResponse>, status: number) {
  const response = await call;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
}

describe('a change after the approval', () => {
  const suite = charterSuite();

  const approvalNow = async (id: number) =>
    approvalOf(await suite.charter.detail(suite.people.master.key, id));

  /** An initiative with an impact and a timeline row, requested by the owner and approved by the sponsor. */
  async function approved(): Promise<Approved> {
    const { charter, people } = suite;
    const fixture = await charterFixture(suite.server, people);
    const owner = people.owner.key;
    await expectStatus(charter.update(owner, fixture.initiative, { impact: IMPACT }), 200);
    const row = await charter.addTimeline(owner, fixture.initiative, ROW);
    await expectStatus(charter.requestApproval(owner, fixture.initiative), 200);
    await expectStatus(charter.toggleApproval(people.sponsor.key, fixture.initiative), 200);
    expect(await approvalNow(fixture.initiative)).toMatchObject({
      sponsor_approval: true,
      sponsor_approval_requested: true,
    });
    return { ...fixture, row: row.id };
  }

  /** The approval is gone everywhere it shows, and the owner may ask again. */
  async function expectWithdrawn(fixture: Approved) {
    const owner = suite.people.owner.key;
    expect(await approvalNow(fixture.initiative)).toEqual(NOT_APPROVED);
    const page = await strategyApi(suite.server).page(owner, fixture.strategy);
    expect(initiativeOn(page, fixture.initiative)).toMatchObject(NOT_APPROVED);
    await expectStatus(suite.charter.requestApproval(owner, fixture.initiative), 200);
    expect((await approvalNow(fixture.initiative)).sponsor_approval_requested).toBe(true);
  }

  it.each(CHARTER_FIELDS)('should withdraw the approval when %s changes', async (field) => {
    const fixture = await approved();
    const body = { [field]: `<p>New ${field}</p>` };
    await expectStatus(suite.charter.update(suite.people.sponsor.key, fixture.initiative, body), 200);
    await expectWithdrawn(fixture);
  });

  it.each(CHANGES)('should withdraw the approval after %s', async (_change, send, status) => {
    const fixture = await approved();
    await expectStatus(send(suite.charter, suite.people, fixture), status);
    await expectWithdrawn(fixture);
  });

  it.each(KEPT)('should keep the approval after %s', async (_change, send, status) => {
    const fixture = await approved();
    const before = await approvalNow(fixture.initiative);
    await expectStatus(send(suite.charter, suite.people, fixture), status);
    expect(await approvalNow(fixture.initiative)).toEqual(before);
  });

  it('should keep an open request when the charter changes before anyone approved it', async () => {
    const { charter, people } = suite;
    const fixture = await charterFixture(suite.server, people);
    await expectStatus(charter.requestApproval(people.owner.key, fixture.initiative), 200);
    await expectStatus(charter.update(people.owner.key, fixture.initiative, { impact: '<p>More</p>' }), 200);
    expect(await approvalNow(fixture.initiative)).toEqual({
      ...NOT_APPROVED,
      sponsor_approval_requested: true,
    });
  });
});
