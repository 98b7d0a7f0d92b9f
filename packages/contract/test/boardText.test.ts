import { describe, expect, it } from 'vitest';
import { countByStatus, statusCountText } from '../src/boardText';

describe('countByStatus', () => {
  it('should count in the order of INITIATIVE_STATUSES and leave out statuses nobody is in', () => {
    expect(countByStatus(['OT', 'BL', 'OT', 'DE'])).toEqual([
      { status: 'BL', count: 1 },
      { status: 'DE', count: 1 },
      { status: 'OT', count: 2 },
    ]);
  });

  it('should count no status and unknown codes as Inactive, as the board shows them', () => {
    expect(countByStatus([null, undefined, 'XX', 'IN'])).toEqual([{ status: 'IN', count: 4 }]);
    expect(countByStatus([])).toEqual([]);
  });

  it('should say a count with its label', () => {
    expect(statusCountText({ status: 'OT', count: 2 })).toBe('2 On Track');
  });
});
