/** Wire-shaped strategies for the team page tests (they must pass the contract's schema). */
import type { Strategy } from '@keystone/contract';
import { wireInitiative } from './wireInitiative';

export const ANNA = { id: 7, name: 'Anna Smith', email: 'anna@example.com' };
export const BEN = { id: 8, name: 'Ben Jones', email: 'ben@example.com' };
export const CARL = { id: 9, name: null, email: 'carl@example.com' };
export const DORA = { id: 10, name: 'dora Adams', email: 'dora@example.com' };

const stamp = '2026-01-01T00:00:00Z';

/** Anna is master; initiative 11 has Ben as owner, initiative 12 has nobody yet. */
export function wireStrategy(fields: Partial<Strategy> = {}): Strategy {
  return {
    id: 5,
    model: 'strategy',
    version: 1,
    title: 'Grow subscriptions',
    ambition: '',
    status: true,
    user: 7,
    created_at: stamp,
    updated_at: stamp,
    strategy_masters: [ANNA],
    focus_areas: [
      {
        id: 3,
        model: 'focusArea',
        title: '<p>Self-service <strong>sign-up</strong></p>',
        sort_index: 0,
        version: 1,
        strategy: 5,
        created_at: stamp,
        updated_at: stamp,
        measures: [],
        initiatives: [
          wireInitiative(11, 3, { title: '<p>Launch onboarding</p>', owners: [BEN], team_members: [CARL] }),
          wireInitiative(12, 3),
        ],
      },
      {
        id: 4,
        model: 'focusArea',
        title: '',
        sort_index: 1,
        version: 1,
        strategy: 5,
        created_at: stamp,
        updated_at: stamp,
        measures: [],
        initiatives: [wireInitiative(13, 4, { title: 'Partners' })],
      },
    ],
    ...fields,
  };
}
