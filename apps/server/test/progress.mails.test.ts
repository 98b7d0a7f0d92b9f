/**
 * The progress report and the reminders (DESIGN §6, spec §3 "Notification settings") as they
 * arrive at a real SMTP server: who gets them, what they say, when, and that an SMTP outage
 * delays them without losing or doubling any.
 */
import { INITIATIVE_STATUSES } from '@keystone/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../../testing/smtp';
import { ShiftedClock } from '../src/lib/clock';
import {
  currentComments,
  eventually,
  outbox,
  type ProgressFixture,
  progressApi,
  progressFixture,
  receivedCounts,
  sleep,
  writeUpdate,
} from './helpers/progress';
import { getTestServer, type TestServer } from './helpers/testServer';

const REPORT = /^Progress report: /;
const REMINDER = /^Reminder: /;
const APP_URL = 'http://localhost:8000';

describe('progress report and reminder mails', () => {
  // The server's clock runs like a real one, from wherever a test puts it.
  const clock = new ShiftedClock();
  let server: TestServer;
  let api: ReturnType<typeof progressApi>;
  const fixtures: ProgressFixture[] = [];

  beforeAll(async () => {
    // The timer wakes for due moments only, not for polls in the middle of a test.
    server = await getTestServer({ schedulerPollMs: 3_600_000 }, { clock });
    api = progressApi(server);
  });
  afterAll(() => server.close());
  afterEach(async () => {
    server.smtp.refuse = false;
    for (const f of fixtures.splice(0))
      await api.setRhythm(f.master.key, f.strategy, { first_progress_update: null });
  });

  async function fixture(title?: string): Promise<ProgressFixture> {
    const f = await progressFixture(server, { title, prefix: 'mail' });
    fixtures.push(f);
    return f;
  }

  /** Moves the clock and processes what has come due, as a server waking up then would. */
  const reach = async (moment: string) => {
    // A pass a save started finishes at the old time first.
    await server.scheduler.runDue();
    clock.set(new Date(moment));
    return server.scheduler.runDue();
  };

  /** Mails received by each of `people` whose subject matches, by address. */
  const received = (emails: readonly string[], subject: RegExp) =>
    receivedCounts(
      server.smtp.mails.filter((mail) => emails.includes(mail.to) && subject.test(mail.subject)),
    );

  const once = (emails: readonly string[]) => Object.fromEntries(emails.map((email) => [email, 1]));

  /** Waits until every one of `emails` has a mail matching `subject`, then a while for doubles. */
  async function arrivedOnce(emails: readonly string[], subject: RegExp, settleMs = 1000) {
    await eventually(
      () => emails.every((email) => server.smtp.mailsTo(email).some((mail) => subject.test(mail.subject))),
      `mail to ${emails.join(', ')}`,
      15_000,
    );
    await sleep(settleMs);
    expect(received(emails, subject)).toEqual(once(emails));
  }

  it('should send the report when the due date comes, by the scheduler’s own timer', async () => {
    const f = await fixture();
    // Due June 1, 2026 at 09:00 in Berlin (07:00 UTC); the server's clock 2 seconds before.
    clock.set(new Date('2026-06-01T06:59:58Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-06-01T09:00:00',
      time_zone: 'Europe/Berlin',
    });
    const due = Date.parse('2026-06-01T07:00:00Z');
    await sleep(Math.max(0, due - clock.now().getTime() - 300));
    expect(server.smtp.mailsTo(f.master.email)).toEqual([]);
    const report = await server.smtp.waitFor(f.master.email, REPORT, 10_000);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(due);
    expect(report.subject).toBe(`Progress report: ${f.title} (06/01/2026 at 09:00 AM GMT+2)`);
  });

  it('should send the report to masters, sponsors, owners, team members and added addresses, once each', async () => {
    const f = await fixture();
    clock.set(new Date('2026-07-01T12:00:00Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-07-06T09:00:00',
      time_zone: 'UTC',
      // The sponsor again in capitals is still one mail; a master is sent the report anyway.
      additional_recipients: `guest-${f.strategy}@example.com, Other-${f.strategy}@Example.com, ${f.sponsor.email.toUpperCase()}, ${f.master.email}`,
    });
    expect(await reach('2026-07-06T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const everyone = [
      f.master.email,
      f.coMaster.email,
      f.sponsor.email,
      f.owner.email,
      f.otherOwner.email,
      f.teamMember.email,
      `guest-${f.strategy}@example.com`,
      `other-${f.strategy}@example.com`,
    ];
    await arrivedOnce(everyone, REPORT);
    expect(server.smtp.mailsTo(f.outsider.email)).toEqual([]);
  });

  it('should send the report to the masters and added addresses only when the groups are off', async () => {
    const f = await fixture();
    clock.set(new Date('2026-07-10T12:00:00Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-07-13T09:00:00',
      time_zone: 'UTC',
      send_to_sponsors: false,
      send_to_owners: false,
      send_to_team_members: false,
      additional_recipients: `guest-${f.strategy}@example.com`,
    });
    expect(await reach('2026-07-13T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const wanted = [f.master.email, f.coMaster.email, `guest-${f.strategy}@example.com`];
    await arrivedOnce(wanted, REPORT);
    for (const person of [f.sponsor, f.owner, f.otherOwner, f.teamMember, f.outsider])
      expect(server.smtp.mailsTo(person.email), person.email).toEqual([]);

    // Owners back on: the next report reaches both owners, still not the sponsor or team member.
    await api.setRhythm(f.master.key, f.strategy, { send_to_owners: true });
    expect(await reach('2026-07-20T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    await eventually(() => server.smtp.mailsTo(f.otherOwner.email).length === 1, 'report to the owner');
    await sleep(1000);
    expect(
      received([f.owner.email, f.otherOwner.email, f.sponsor.email, f.teamMember.email], REPORT),
    ).toEqual({
      [f.owner.email]: 1,
      [f.otherOwner.email]: 1,
    });
    expect(received([f.master.email], REPORT)).toEqual({ [f.master.email]: 2 });
  });

  it('should say what each initiative reported, with its status colour and escaped text', async () => {
    const f = await fixture('Grow & <Thrive>');
    clock.set(new Date('2026-08-01T12:00:00Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-08-03T09:00:00',
      time_zone: 'America/New_York',
    });
    const page = await api.page(f.owner.key, f.strategy);
    await writeUpdate(api, f.owner.key, page, f.initiative, [
      // Typed text that looks like markup is text; real markup outside the allow-list is dropped.
      '<p>Beta shipped</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<ul><li>Legal</li><li>Budget</li></ul>',
      '<p>Store listing</p><script>alert(2)</script><img src=x onerror="alert(3)">',
    ]);
    const [blockedProgress] = currentComments(page, f.blocked);
    expect(
      (await api.writeComment(f.master.key, blockedProgress!.id, '<p>Vendor &amp; tools</p>')).status,
    ).toBe(200);
    expect((await api.setStatus(f.owner.key, f.initiative, 'OT')).status).toBe(200);
    expect((await api.setStatus(f.master.key, f.blocked, 'BL')).status).toBe(200);
    // Written after the due date: belongs to the next report, not this one.
    expect(await reach('2026-08-03T13:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const [nextProgress] = currentComments(await api.page(f.owner.key, f.strategy), f.initiative);
    expect((await api.writeComment(f.owner.key, nextProgress!.id, '<p>Next period</p>')).status).toBe(200);

    const report = await server.smtp.waitFor(f.sponsor.email, REPORT);
    expect(report.subject).toBe('Progress report: Grow & <Thrive> (08/03/2026 at 09:00 AM EDT)');
    const link = `${APP_URL}/progress-update/${f.strategy}`;
    expect(report.links).toContain(link);
    expect(report.text).toContain('Grow & <Thrive>');
    expect(report.text).toContain('Ambition: Be the best');
    expect(report.text).not.toContain('Next period');
    const section = (mail: ReceivedMail) => mail.text.slice(mail.text.indexOf('== Customers =='));
    expect(section(report)).toMatch(
      new RegExp(
        [
          '== Customers ==',
          '\\* Launch app \\[On Track\\]',
          '  Owner: Olive owner',
          '  Progress: Beta shipped',
          '    <script>alert\\(1\\)</script>',
          '  Roadblocks: • Legal',
          '    • Budget',
          '  Next steps: Store listing',
          '',
          '\\* Blocked work \\[Blocked\\]',
          '  Progress: Vendor & tools',
          '  Roadblocks: No update\\.',
          '  Next steps: No update\\.',
          '',
          '== Operations ==',
          '\\* Tidy up \\[Inactive\\]',
          '  Owner: Otto otherowner',
          '  Progress: No update\\.',
        ].join('\\n'),
      ),
    );

    const html = report.html;
    for (const code of ['OT', 'BL', 'IN'] as const) {
      const status = INITIATIVE_STATUSES[code];
      expect(html).toContain(`background:${status.hex};color:${status.ink}`);
      expect(html).toContain(`>${status.label}</span>`);
    }
    expect(html).not.toContain(`background:${INITIATIVE_STATUSES.DE.hex}`);
    expect(html.indexOf('Launch app')).toBeLessThan(html.indexOf('Blocked work'));
    expect(html.indexOf('Blocked work')).toBeLessThan(html.indexOf('Tidy up'));
    expect(html).toContain('Grow &amp; &lt;Thrive&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Vendor &amp; tools');
    expect(html).not.toMatch(/<script|<img|onerror|alert\(2\)|alert\(3\)|<Thrive>/i);
    expect(html).toContain(`href="${link}"`);
    for (const label of ['Progress', 'Roadblocks', 'Next steps']) expect(html).toContain(`>${label}</td>`);
  });

  it('should remind the reminder groups before the due date, with the date and the link', async () => {
    const f = await fixture();
    clock.set(new Date('2026-09-01T12:00:00Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-09-07T09:00:00',
      time_zone: 'Europe/Berlin',
      team_reminders: [{ offset_number: 2, offset_unit: 'day' }],
      additional_recipients: `guest-${f.strategy}@example.com`,
    });
    // Default groups: masters, owners and team members; not sponsors, not added addresses.
    expect(await reach('2026-09-05T07:00:00Z')).toEqual({ dueDates: 0, reminders: 1 });
    const groups = [f.master.email, f.coMaster.email, f.owner.email, f.otherOwner.email, f.teamMember.email];
    await arrivedOnce(groups, REMINDER);
    for (const email of [f.sponsor.email, f.outsider.email, `guest-${f.strategy}@example.com`])
      expect(server.smtp.mailsTo(email), email).toEqual([]);
    const reminder = await server.smtp.waitFor(f.owner.email, REMINDER);
    expect(reminder.subject).toBe(`Reminder: progress update for ${f.title} due in 2 days`);
    expect(reminder.text).toContain(`is due on 09/07/2026 at 09:00 AM GMT+2, in 2 days.`);
    expect(reminder.links).toContain(`${APP_URL}/progress-update/${f.strategy}`);
    expect(reminder.html).toContain(`href="${APP_URL}/progress-update/${f.strategy}"`);

    // Other groups for the next one: sponsors in, masters, owners and team members out.
    await api.setRhythm(f.master.key, f.strategy, {
      reminder_send_to_master: false,
      reminder_send_to_sponsors: true,
      reminder_send_to_owners: false,
      reminder_send_to_team_members: false,
    });
    expect(await reach('2026-09-07T07:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    expect(await reach('2026-09-12T07:00:00Z')).toEqual({ dueDates: 0, reminders: 1 });
    await arrivedOnce([f.sponsor.email], REMINDER);
    expect(received(groups, REMINDER)).toEqual(once(groups));
    expect((await server.smtp.waitFor(f.sponsor.email, REMINDER)).text).toContain(
      '09/14/2026 at 09:00 AM GMT+2',
    );
  });

  it('should deliver every mail exactly once after an SMTP outage', async () => {
    const f = await fixture();
    clock.set(new Date('2026-10-01T12:00:00Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-10-05T09:00:00',
      time_zone: 'UTC',
      team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
    });
    const queuedBefore = (await outbox(server)).length;
    server.smtp.refuse = true;
    expect(await reach('2026-10-04T09:30:00Z')).toEqual({ dueDates: 0, reminders: 1 });
    expect(await reach('2026-10-05T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });

    // Every queued mail has been tried and refused; none arrived.
    const reportTo = [f.master, f.coMaster, f.sponsor, f.owner, f.otherOwner, f.teamMember].map(
      (p) => p.email,
    );
    const reminderTo = [f.master, f.coMaster, f.owner, f.otherOwner, f.teamMember].map((p) => p.email);
    await eventually(async () => {
      const queued = (await outbox(server)).slice(queuedBefore);
      return queued.length === reportTo.length + reminderTo.length && queued.every((mail) => mail.lastError);
    }, 'every mail tried once during the outage');
    expect(received(reportTo, /./)).toEqual({});

    server.smtp.refuse = false;
    // The outbox retries after 2 s (then 4 s, 8 s…).
    await arrivedOnce(reportTo, REPORT, 0);
    await arrivedOnce(reminderTo, REMINDER, 2000);
    expect(received(reportTo, REPORT)).toEqual(once(reportTo));
    const queued = (await outbox(server)).slice(queuedBefore);
    expect(queued.every((mail) => mail.sentAt !== null)).toBe(true);
  });
});
