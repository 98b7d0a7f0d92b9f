/**
 * Scheduled mails skip deactivated people: the progress report and the reminders go to the
 * strategy's other people only, and to them again once they are reactivated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShiftedClock } from '../src/lib/clock';
import { organisationApi } from './helpers/organisation';
import { progressApi, progressFixture, queuedTo } from './helpers/progress';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('scheduled mails and deactivated people', () => {
  const clock = new ShiftedClock();
  let server: TestServer;

  beforeAll(async () => {
    server = await getTestServer({}, { clock });
    // The test drives every pass itself through runDue(): no timer may run one in between (on
    // PostgreSQL the scheduler's own wake-up took the due date once, leaving runDue nothing).
    await server.scheduler.stop();
  });
  afterAll(() => server.close());

  const reach = async (moment: string) => {
    await server.scheduler.runDue();
    clock.set(new Date(moment));
    return server.scheduler.runDue();
  };

  it('should leave a deactivated owner out of reminders and reports, and include them again once reactivated', async () => {
    const f = await progressFixture(server, { prefix: 'offboard' });
    const admin = await signedInUser(server, { organisationId: f.master.organisationId, isAdmin: true });
    const org = organisationApi(server.api);
    expect((await org.updateMember(admin.key, f.owner.id, { is_active: false })).status).toBe(200);

    clock.set(new Date('2026-09-01T12:00:00Z'));
    await progressApi(server).setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-09-07T09:00:00',
      time_zone: 'UTC',
      team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
    });
    expect(await reach('2026-09-06T09:00:00Z')).toEqual({ dueDates: 0, reminders: 1 });
    expect(await reach('2026-09-07T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const reportedAndReminded = [f.master.email, f.otherOwner.email, f.teamMember.email];
    const queued = await queuedTo(server, [...reportedAndReminded, f.owner.email]);
    expect(queued.filter((line) => line.startsWith(`${f.owner.email}:`))).toEqual([]);
    for (const email of reportedAndReminded)
      expect(queued.filter((line) => line.startsWith(`${email}:`))).toHaveLength(2);

    expect((await org.updateMember(admin.key, f.owner.id, { is_active: true })).status).toBe(200);
    expect(await reach('2026-09-13T09:00:00Z')).toEqual({ dueDates: 0, reminders: 1 });
    expect((await queuedTo(server, [f.owner.email])).length).toBeGreaterThan(0);
  });
});
