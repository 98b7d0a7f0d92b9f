/** Wire-form strategies (snake_case, as the server sends them) for the strategy page tests. */

import type { FocusArea, Initiative, Strategy, StrategySummary } from '@keystone/contract';
import { wireInitiative as blankInitiative } from './wireInitiative';

const person = (id: number, name: string) => ({ id, name, email: `${name.toLowerCase()}@example.com` });
export const ANNA = person(7, 'Anna');
export const MARK = person(8, 'Mark');

const stamp = '2026-01-05T10:00:00.000Z';

export function wireInitiative(
  id: number,
  focusArea: number,
  sortIndex: number,
  extra: Partial<Initiative> = {},
) {
  return blankInitiative(id, focusArea, {
    title: `<p>Initiative ${id}</p>`,
    sort_index: sortIndex,
    created_at: stamp,
    updated_at: stamp,
    ...extra,
  });
}

export function wireFocusArea(id: number, sortIndex: number, initiatives: Initiative[]): FocusArea {
  return {
    id,
    model: 'focusArea',
    title: `<p>Focus ${id}</p>`,
    sort_index: sortIndex,
    version: 1,
    strategy: 1,
    created_at: stamp,
    updated_at: stamp,
    initiatives,
    measures: [],
  };
}

export function wireSummary(id: number, title: string, masters = [MARK]): StrategySummary {
  return {
    id,
    model: 'strategy',
    version: 1,
    title,
    ambition: '<p>Grow <strong>fast</strong></p>',
    status: true,
    user: masters[0]?.id ?? null,
    created_at: stamp,
    updated_at: stamp,
    strategy_masters: masters,
  };
}

/** Strategy 1, mastered by Mark; Anna owns initiative 101 and is a team member of 102. */
export function wireStrategy(masters = [MARK]): Strategy {
  return {
    ...wireSummary(1, 'North star', masters),
    focus_areas: [
      wireFocusArea(11, 0, [
        wireInitiative(101, 11, 0, { owners: [ANNA] }),
        wireInitiative(102, 11, 1, { team_members: [ANNA] }),
      ]),
      wireFocusArea(12, 1, [wireInitiative(103, 12, 0)]),
    ],
  };
}
