/**
 * The summary that opens the progress report (issue 18), as it arrives at a real SMTP server after
 * a real schedule passes two due dates: counts per status, from → to since the previous due date,
 * the new roadblocks, untitled initiatives (placeholders left out, used ones labelled), and the
 * measures off track with the biggest moves since the previous due date (issue 30).
 */
import { INITIATIVE_STATUSES, REPORT_SUMMARY_TEXTS, STRATEGY_MESSAGES } from '@keystone/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../../testing/smtp';
import { ShiftedClock } from '../src/lib/clock';
import { measureApi } from './helpers/measures';
import {
  currentComments,
  eventually,
  type ProgressFixture,
  progressApi,
  progressFixture,
} from './helpers/progress';
import { strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const FIRST_DUE = '08/03/2026 at 09:00 AM UTC';
const SECOND_DUE = '08/10/2026 at 09:00 AM UTC';

/** The text part from the summary to the first focus area. */
const summaryOf = (mail: ReceivedMail) =>
  mail.text.slice(
    mail.text.indexOf(`== ${REPORT_SUMMARY_TEXTS.heading} ==`),
    mail.text.indexOf('== Customers =='),
  );

/** A status cell of the HTML summary: its colours, then its count above its label. */
const countCell = (code: keyof typeof INITIATIVE_STATUSES, count: number) =>
  new RegExp(
    `${count ? `background:${INITIATIVE_STATUSES[code].hex};color:${INITIATIVE_STATUSES[code].ink}` : `border-top:4px solid ${INITIATIVE_STATUSES[code].hex}`}[^>]*><div[^>]*>${count}</div><div[^>]*>${INITIATIVE_STATUSES[code].label}</div>`,
  );

describe('the progress report summary', () => {
  const clock = new ShiftedClock();
  let server: TestServer;

  beforeAll(async () => {
    server = await getTestServer({ schedulerPollMs: 3_600_000 }, { clock });
  });
  afterAll(() => server.close());
  // Each test's schedule stops with it, so the next test's clock moves only its own.
  const fixtures: ProgressFixture[] = [];
  afterEach(async () => {
    for (const f of fixtures.splice(0))
      await progressApi(server).setRhythm(f.master.key, f.strategy, { first_progress_update: null });
  });
  const fixture = async (prefix: string) => {
    const f = await progressFixture(server, { prefix });
    fixtures.push(f);
    return f;
  };

  const reach = async (moment: string) => {
    await server.scheduler.runDue();
    clock.set(new Date(moment));
    return server.scheduler.runDue();
  };

  async function reportTo(email: string, due: string): Promise<ReceivedMail> {
    const subject = `(${due})`;
    await eventually(
      () => server.smtp.mailsTo(email).some((mail) => mail.subject.endsWith(subject)),
      `report of ${due}`,
      15_000,
    );
    return server.smtp.mailsTo(email).find((mail) => mail.subject.endsWith(subject))!;
  }

  it('should open with the counts, the status changes and the new roadblocks, in HTML and text', async () => {
    const api = progressApi(server);
    const f = await fixture('summary');
    const key = f.master.key;
    const operations = f.areas[1]!;
    // Two untitled initiatives: one nobody used (a placeholder), one with a status.
    await strategyApi(server).addInitiative(key, operations);
    const untitled = (await strategyApi(server).addInitiative(key, operations)).id;

    clock.set(new Date('2026-08-01T12:00:00Z'));
    await api.setRhythm(key, f.strategy, { first_progress_update: '2026-08-03T09:00:00', time_zone: 'UTC' });
    const setStatus = async (initiative: number, status: string) =>
      expect((await api.setStatus(key, initiative, status)).status).toBe(200);
    const writeRoadblocks = async (initiative: number, html: string) => {
      const [, roadblocks] = currentComments(await api.page(key, f.strategy), initiative);
      expect((await api.writeComment(key, roadblocks!.id, html)).status).toBe(200);
    };
    await setStatus(f.initiative, 'DE');
    await setStatus(f.blocked, 'BL');
    await setStatus(untitled, 'OT');
    await writeRoadblocks(f.initiative, '<p>Legal</p>');
    await writeRoadblocks(f.blocked, '<p>Vendor</p>');
    expect(await reach('2026-08-03T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });

    const first = await reportTo(f.master.email, FIRST_DUE);
    expect(summaryOf(first)).toBe(
      [
        '== At a glance ==',
        'Initiatives by status: 1 Inactive, 0 Completed, 1 Blocked, 1 Delayed, 1 On Track',
        '',
        REPORT_SUMMARY_TEXTS.firstDueDate,
        '',
        'New roadblocks:',
        '- Launch app: Legal',
        '- Blocked work: Vendor',
        '',
        '',
      ].join('\n'),
    );
    expect(first.html).toContain(`>${REPORT_SUMMARY_TEXTS.firstDueDate}</p>`);

    // Between the due dates: two statuses change, one stays; Roadblocks the same (in other
    // markup), changed, and newly written.
    await setStatus(f.initiative, 'OT');
    await setStatus(untitled, 'CO');
    await writeRoadblocks(f.initiative, '<p>Legal </p>');
    await writeRoadblocks(f.blocked, '<p>Vendor</p><p>Budget cut</p>');
    await writeRoadblocks(f.idle, '<p>No staff &amp; no desk</p>');
    expect(await reach('2026-08-10T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });

    const second = await reportTo(f.sponsor.email, SECOND_DUE);
    expect(summaryOf(second)).toBe(
      [
        '== At a glance ==',
        'Initiatives by status: 1 Inactive, 1 Completed, 1 Blocked, 0 Delayed, 1 On Track',
        '',
        `Status changes since the previous due date, ${FIRST_DUE}:`,
        '- Launch app: Delayed → On Track',
        `- ${REPORT_SUMMARY_TEXTS.untitledInitiative}: On Track → Completed`,
        '',
        'New roadblocks:',
        '- Blocked work:',
        '    Vendor',
        '    Budget cut',
        '- Tidy up: No staff & no desk',
        '',
        '',
      ].join('\n'),
    );
    // The untitled initiative in use is listed under its label; the unused placeholder is not.
    expect(second.text).toContain(`* ${REPORT_SUMMARY_TEXTS.untitledInitiative} [Completed]`);
    expect(second.text.match(/\[(Inactive|Completed|Blocked|Delayed|On Track)\]/g)).toHaveLength(4);

    const html = second.html;
    for (const [code, count] of [
      ['IN', 1],
      ['CO', 1],
      ['BL', 1],
      ['DE', 0],
      ['OT', 1],
    ] as const)
      expect(html).toMatch(countCell(code, count));
    expect(html).toContain(`>${REPORT_SUMMARY_TEXTS.changesSince(FIRST_DUE)}</p>`);
    const badge = (code: keyof typeof INITIATIVE_STATUSES) =>
      `background:${INITIATIVE_STATUSES[code].hex};color:${INITIATIVE_STATUSES[code].ink};font-size:12px;font-weight:700;white-space:nowrap">${INITIATIVE_STATUSES[code].label}</span>`;
    const changes = html.slice(
      html.indexOf(REPORT_SUMMARY_TEXTS.changesSince(FIRST_DUE)),
      html.indexOf(REPORT_SUMMARY_TEXTS.newRoadblocks),
    );
    expect(changes).toMatch(
      new RegExp(`>Launch app</td>.*${badge('DE')} <span[^>]*>&rarr;</span> .*${badge('OT')}`),
    );
    expect(changes).toMatch(
      new RegExp(
        `<em[^>]*>\\(Untitled initiative\\)</em></td>.*${badge('OT')} <span[^>]*>&rarr;</span> .*${badge('CO')}`,
      ),
    );
    expect(changes).not.toContain('Blocked work');
    const roadblocks = html.slice(
      html.indexOf(`>${REPORT_SUMMARY_TEXTS.newRoadblocks}</p>`),
      html.indexOf(REPORT_SUMMARY_TEXTS.detailsHeading),
    );
    expect(roadblocks).toContain('<strong>Blocked work</strong><br>Vendor<br>Budget cut</td>');
    expect(roadblocks).toContain('<strong>Tidy up</strong><br>No staff &amp; no desk</td>');
    expect(roadblocks).not.toContain('Launch app');
    for (const mail of [first, second]) {
      expect(mail.text).not.toContain(STRATEGY_MESSAGES.nameYourInitiative);
      expect(mail.html).not.toContain(STRATEGY_MESSAGES.nameYourInitiative);
      // Mail clients: tables and inline styles, no style sheets, flexbox or grid.
      expect(mail.html).not.toMatch(/<style|<link|display:\s*(flex|grid)/i);
    }
  });

  it('should say so when no initiative changed status and no roadblock is new', async () => {
    const api = progressApi(server);
    const f = await fixture('quiet');
    clock.set(new Date('2026-09-01T12:00:00Z'));
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-09-07T09:00:00',
      time_zone: 'UTC',
    });
    expect(await reach('2026-09-07T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    expect(await reach('2026-09-14T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const report = await reportTo(f.master.email, '09/14/2026 at 09:00 AM UTC');
    expect(summaryOf(report)).toContain(
      `Status changes since the previous due date, 09/07/2026 at 09:00 AM UTC:\n${REPORT_SUMMARY_TEXTS.noChanges}\n\nNew roadblocks:\n${REPORT_SUMMARY_TEXTS.noNewRoadblocks}`,
    );
    expect(report.html).toContain(`>${REPORT_SUMMARY_TEXTS.noChanges}</p>`);
    expect(report.html).toContain(`>${REPORT_SUMMARY_TEXTS.noNewRoadblocks}</p>`);
  });

  it('should say which measures are off track and which moved most since the previous due date', async () => {
    const api = progressApi(server);
    const measures = measureApi(server);
    const f = await fixture('measures');
    const key = f.master.key;
    clock.set(new Date('2026-10-01T12:00:00Z'));
    await api.setRhythm(key, f.strategy, { first_progress_update: '2026-10-05T09:00:00', time_zone: 'UTC' });
    const trend = { target_date: '2026-12-28', unit_label: '' };
    const revenue = await measures.define(
      key,
      { initiative: f.initiative },
      {
        ...trend,
        title: 'Revenue',
        unit: 'currency',
        currency: 'EUR',
        decimals: 2,
        baseline: '1000',
        target: '2000',
      },
    );
    const churn = await measures.define(
      key,
      { initiative: f.blocked },
      {
        ...trend,
        title: 'Churn',
        unit: 'percent',
        decimals: 1,
        baseline: '10',
        target: '5',
        direction: 'decrease',
      },
    );
    const nps = await measures.define(
      key,
      { focus_area: f.areas[0]! },
      { title: 'NPS', unit_label: '', baseline: '40', target: '40', direction: 'at_least' },
    );
    const cost = await measures.define(
      key,
      { initiative: f.idle },
      { title: 'Cost', unit_label: '', baseline: '100', target: '100', direction: 'at_most' },
    );
    const write = async (readings: [{ id: number }, string][]) => {
      for (const [measure, value] of readings)
        expect((await measures.write(key, measure.id, { value })).status).toBe(200);
    };

    // The first due date: Revenue as expected, Churn 40 % of the way the wrong side of expected,
    // NPS half its target (off track both), Cost within its limit.
    await write([
      [revenue, '1000'],
      [churn, '12'],
      [nps, '20'],
      [cost, '60'],
    ]);
    expect(await reach('2026-10-05T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const first = await reportTo(f.master.email, '10/05/2026 at 09:00 AM UTC');
    expect(summaryOf(first)).toContain(
      [
        `${REPORT_SUMMARY_TEXTS.noNewRoadblocks}`,
        '',
        'Measures off track:',
        '- NPS (Customers): 20; target: Stay at or above 40',
        '- Churn (Blocked work): 12.0 %; target: Decrease to 5.0 %; expected now: 10.0 %',
        '',
        'Biggest moves of measures:',
        REPORT_SUMMARY_TEXTS.firstReading,
        '',
      ].join('\n'),
    );
    expect(first.html).toContain(`>${REPORT_SUMMARY_TEXTS.firstReading}</p>`);

    // A week on: every measure moved; the three biggest against their distance to target are told,
    // Cost's the wrong way (though still within its limit), NPS's the smallest and left out.
    await write([
      [revenue, '1500'],
      [churn, '9'],
      [nps, '30'],
      [cost, '95'],
    ]);
    expect(await reach('2026-10-12T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
    const second = await reportTo(f.sponsor.email, '10/12/2026 at 09:00 AM UTC');
    expect(summaryOf(second)).toContain(
      [
        'Measures off track:',
        '- NPS (Customers): 30; target: Stay at or above 40',
        '',
        'Biggest moves of measures since the previous due date, 10/05/2026 at 09:00 AM UTC:',
        '- Churn (Blocked work): 12.0 % → 9.0 % (toward the target, progress 20 %)',
        '- Revenue (Launch app): €1,000.00 → €1,500.00 (toward the target, progress 50 %)',
        '- Cost (Tidy up): 60 → 95 (away from the target, target met)',
        '',
        '',
      ].join('\n'),
    );
    const html = second.html.slice(
      second.html.indexOf(`>${REPORT_SUMMARY_TEXTS.measuresOffTrack}</p>`),
      second.html.indexOf(REPORT_SUMMARY_TEXTS.detailsHeading),
    );
    expect(html).toContain(
      '<strong>NPS</strong> <span style="color:#555">· Customers</span><br>30; target: Stay at or above 40',
    );
    expect(html).toContain(
      '<strong>Churn</strong> <span style="color:#555">· Blocked work</span><br>12.0 % <span style="color:#555">&rarr;</span> 9.0 % <span style="color:#555">(toward the target, progress 20 %)</span>',
    );
    expect(html).not.toContain('Launch app</span><br>€1,500.00;');
  });
});
