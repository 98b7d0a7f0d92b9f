import { CHARTER_MESSAGES } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { dateToDay, dayToDate, formatDay, formatMoment, pickerRange } from '../src/lib/calendarDays';
import { type ApprovalFacts, approvalView } from '../src/routes/initiative-charter/approvalState';
import { changedDays, timelineDatesProblem } from '../src/routes/initiative-charter/charterDates';

describe('charter dates', () => {
  it('should show a stored day as MM/dd/yyyy, and nothing for no day', () => {
    expect(formatDay('2027-03-05')).toBe('03/05/2027');
    expect(formatDay('2027-12-31')).toBe('12/31/2027');
    expect(formatDay(null)).toBe('');
    expect(formatDay('2027-02-30')).toBe('');
  });

  it('should keep the day when going to the picker and back, whatever the time zone', () => {
    for (const day of ['2027-01-01', '2026-03-29', '2026-10-25', '2076-02-29']) {
      expect(dateToDay(dayToDate(day))).toBe(day);
    }
    expect(dateToDay(null)).toBeNull();
    expect(dateToDay(new Date(Number.NaN))).toBeUndefined();
  });

  it('should show a moment as the local day, MM/DD/YYYY', () => {
    const moment = new Date(2026, 10, 21, 15, 30);
    expect(formatMoment(moment.toISOString())).toBe('11/21/2026');
    expect(formatMoment(null)).toBe('');
    expect(formatMoment('not a date')).toBe('');
  });

  it('should offer 50 years either side of today', () => {
    const { min, max } = pickerRange(new Date(2026, 5, 15, 13, 0));
    expect(dateToDay(min)).toBe('1976-06-15');
    expect(dateToDay(max)).toBe('2076-06-15');
  });
});

describe('timeline date rules', () => {
  const today = new Date(2026, 0, 10);
  const at = (day: string | null) => dayToDate(day);

  it('should refuse an end before the start with the spec message', () => {
    expect(timelineDatesProblem({ start: at('2027-03-15'), end: at('2027-03-01') }, today)).toBe(
      CHARTER_MESSAGES.endBeforeStart,
    );
  });

  it('should accept the same day, dates in order, and a row with one date or none', () => {
    expect(timelineDatesProblem({ start: at('2027-03-15'), end: at('2027-03-15') }, today)).toBeNull();
    expect(timelineDatesProblem({ start: at('2027-03-15'), end: at('2027-04-30') }, today)).toBeNull();
    expect(timelineDatesProblem({ start: null, end: at('2027-03-01') }, today)).toBeNull();
    expect(timelineDatesProblem({ start: null, end: null }, today)).toBeNull();
  });

  it('should hold back a half-typed date and one outside the picker range', () => {
    expect(timelineDatesProblem({ start: new Date(Number.NaN), end: null }, today)).toBe(
      CHARTER_MESSAGES.invalidDate,
    );
    expect(timelineDatesProblem({ start: at('2077-01-01'), end: null }, today)).toBe(
      CHARTER_MESSAGES.dateOutOfRange,
    );
    expect(timelineDatesProblem({ start: null, end: at('1975-12-31') }, today)).toBe(
      CHARTER_MESSAGES.dateOutOfRange,
    );
  });
});

describe('timeline date saves', () => {
  it('should send only the dates that differ from the stored row', () => {
    const stored = { startDate: '2027-03-15', endDate: '2027-04-30' };
    const dates = (start: string | null, end: string | null) => ({
      start: dayToDate(start),
      end: dayToDate(end),
    });
    expect(changedDays(dates('2027-03-15', '2027-05-31'), stored)).toEqual({ end_date: '2027-05-31' });
    expect(changedDays(dates('2027-03-01', '2027-04-30'), stored)).toEqual({ start_date: '2027-03-01' });
    expect(changedDays(dates(null, '2027-04-30'), stored)).toEqual({ start_date: null });
    expect(changedDays(dates('2027-03-15', '2027-04-30'), stored)).toEqual({});
  });
});

describe('sponsor approval', () => {
  const owner: ApprovalFacts = {
    approved: false,
    requested: false,
    approvedBy: null,
    approvedAt: null,
    canRequest: true,
    canApprove: false,
    pending: false,
  };

  it('should let the owner request approval while nothing was requested', () => {
    const view = approvalView(owner);
    expect(view.stage).toBe('notRequested');
    expect(view.requestLabel).toBe(CHARTER_MESSAGES.sendApprovalRequest);
    expect(view.requestDisabled).toBe(false);
    expect(view.requestTooltip).toBe('');
    expect(view.checked).toBe(false);
    expect(view.checkboxDisabled).toBe(true);
    expect(view.approveTooltip).toBe(CHARTER_MESSAGES.cannotApprove);
    expect(view.approvedText).toBeNull();
  });

  it('should say the request was sent and rest the button once requested', () => {
    const view = approvalView({ ...owner, requested: true });
    expect(view.stage).toBe('requested');
    expect(view.requestLabel).toBe(CHARTER_MESSAGES.approvalRequestSent);
    expect(view.requestDisabled).toBe(true);
  });

  it('should show who approved and when, with the request button inactive', () => {
    const approvedAt = new Date(2026, 10, 21, 9, 0).toISOString();
    const view = approvalView({
      ...owner,
      approved: true,
      requested: true,
      approvedBy: { id: 7, name: 'Sam Sponsor', email: 'sam@example.com' },
      approvedAt,
    });
    expect(view.stage).toBe('approved');
    expect(view.checked).toBe(true);
    expect(view.approvedText).toBe('Approved by: Sam Sponsor on 11/21/2026');
    expect(view.requestDisabled).toBe(true);
    expect(view.requestLabel).toBe(CHARTER_MESSAGES.approvalRequestSent);
  });

  it('should name an approver without a name by the address', () => {
    const view = approvalView({
      ...owner,
      approved: true,
      approvedBy: { id: 7, name: null, email: 'sam@example.com' },
      approvedAt: new Date(2026, 0, 2, 12).toISOString(),
    });
    expect(view.approvedText).toBe('Approved by: sam@example.com on 01/02/2026');
    expect(view.requestLabel).toBe(CHARTER_MESSAGES.sendApprovalRequest);
    expect(view.requestTooltip).toBe(CHARTER_MESSAGES.alreadyApproved);
  });

  it('should keep the request from someone who is not an owner, and say why', () => {
    const view = approvalView({ ...owner, canRequest: false });
    expect(view.requestDisabled).toBe(true);
    expect(view.requestTooltip).toBe(CHARTER_MESSAGES.cannotRequestApproval);
  });

  it('should enable the checkbox only for those who may approve, and not while a call runs', () => {
    const sponsor = { ...owner, canRequest: false, canApprove: true };
    expect(approvalView(sponsor).checkboxDisabled).toBe(false);
    expect(approvalView(sponsor).approveTooltip).toBe('');
    expect(approvalView({ ...sponsor, pending: true }).checkboxDisabled).toBe(true);
    expect(approvalView({ ...owner, pending: true }).requestDisabled).toBe(true);
  });
});
