import { describe, expect, it } from 'vitest';
import { applyOrder, dropIndex, moveItem } from '../src/api/strategyOrder';
import { landingPath } from '../src/routes/login/landingPath';

const items = (...ids: number[]) => ids.map((id, sortIndex) => ({ id, sortIndex }));
const order = (list: { id: number; sortIndex: number }[]) => list.map((item) => [item.id, item.sortIndex]);

describe('dropIndex', () => {
  it('should be the position of the item dropped on, which the server takes as sort_index', () => {
    expect(dropIndex([10, 20, 30], 10, 30)).toBe(2);
    expect(dropIndex([10, 20, 30], 30, 10)).toBe(0);
    expect(dropIndex([10, 20, 30], 20, 30)).toBe(2);
  });

  it('should be null for a drop that changes nothing', () => {
    expect(dropIndex([10, 20, 30], 20, 20)).toBeNull();
    expect(dropIndex([10, 20, 30], 20, null)).toBeNull();
    expect(dropIndex([10, 20, 30], 20, 99)).toBeNull();
  });
});

describe('moveItem', () => {
  it('should move the item and renumber the siblings 0..n-1 as the server does', () => {
    expect(order(moveItem(items(10, 20, 30), 10, 2))).toEqual([
      [20, 0],
      [30, 1],
      [10, 2],
    ]);
    expect(order(moveItem(items(10, 20, 30), 30, 0))).toEqual([
      [30, 0],
      [10, 1],
      [20, 2],
    ]);
  });

  it('should clamp the target to the list and ignore unknown ids', () => {
    expect(order(moveItem(items(10, 20), 10, 9))).toEqual([
      [20, 0],
      [10, 1],
    ]);
    expect(moveItem(items(10, 20), 99, 0)).toEqual(items(10, 20));
  });

  it('should agree with dropIndex for every drag in a list of five', () => {
    const ids = [1, 2, 3, 4, 5];
    for (const active of ids) {
      for (const over of ids) {
        const toIndex = dropIndex(ids, active, over);
        if (toIndex === null) continue;
        const moved = moveItem(items(...ids), active, toIndex).map((item) => item.id);
        // The dragged item ends where the item it was dropped on stood.
        expect(moved.indexOf(active)).toBe(ids.indexOf(over));
      }
    }
  });
});

describe('applyOrder', () => {
  it("should put the siblings in the server's order", () => {
    const answer = new Map([
      [10, 1],
      [20, 0],
    ]);
    expect(order(applyOrder(items(10, 20, 30), answer))).toEqual([
      [20, 0],
      [10, 1],
      [30, 2],
    ]);
  });
});

describe('landingPath', () => {
  const strategies = [{ id: 7 }, { id: 3 }];

  it('should open the last active strategy when the user still sees it', () => {
    expect(landingPath('3', strategies)).toBe('/strategy/3');
  });

  it('should otherwise open the most recently updated strategy, or the list when there is none', () => {
    expect(landingPath('99', strategies)).toBe('/strategy/7');
    expect(landingPath(null, strategies)).toBe('/strategy/7');
    expect(landingPath(null, [])).toBe('/strategies');
  });
});
