import { describe, expect, it } from 'vitest';
import {
  canApproveInitiative,
  canEditInitiative,
  canEditMasters,
  canEditOwners,
  canEditProgress,
  canEditSponsors,
  canEditStrategy,
  canEditTeamMembers,
  canRequestApproval,
  canViewStrategy,
  canViewTeam,
  type InitiativeRoles,
  type StrategyRoles,
} from '../src';

const MASTER = 1;
const OWNER = 2;
const SPONSOR = 3;
const TEAM_MEMBER = 4;
const OTHER = 5;
/** Holds a role in another initiative of the same strategy only. */
const ELSEWHERE = 6;

const initiative: InitiativeRoles = {
  ownerIds: [OWNER],
  sponsorIds: [SPONSOR],
  teamMemberIds: [TEAM_MEMBER],
};
const otherInitiative: InitiativeRoles = { ownerIds: [ELSEWHERE], sponsorIds: [], teamMemberIds: [] };
const strategy: StrategyRoles = { masterIds: [MASTER], initiatives: [initiative, otherInitiative] };

type InitiativeRule = (userId: number, strategy: StrategyRoles, initiative: InitiativeRoles) => boolean;

/** DESIGN §4, row by row: which of master, owner, sponsor, team member, other user may act. */
const INITIATIVE_TABLE: Array<[string, InitiativeRule, boolean[]]> = [
  ['edit initiative', canEditInitiative, [true, true, true, false, false]],
  ['approve charter', canApproveInitiative, [true, false, true, false, false]],
  ['edit sponsors', canEditSponsors, [true, false, true, false, false]],
  ['request sponsor approval', canRequestApproval, [true, true, false, false, false]],
  ['edit owners', canEditOwners, [true, true, true, false, false]],
  ['edit progress', canEditProgress, [true, true, true, true, false]],
  ['edit team members', canEditTeamMembers, [true, true, true, true, false]],
];
const ROLES: Array<[string, number]> = [
  ['strategy master', MASTER],
  ['owner', OWNER],
  ['sponsor', SPONSOR],
  ['team member', TEAM_MEMBER],
  ['other user', OTHER],
];

describe('initiative permissions', () => {
  for (const [action, rule, allowed] of INITIATIVE_TABLE) {
    it.each(ROLES.map(([role, userId], index) => [role, userId, allowed[index]!] as const))(
      `should let a %s ${action}: %s → %s`,
      (_role, userId, expected) => {
        expect(rule(userId, strategy, initiative)).toBe(expected);
      },
    );

    it(`should not let a role in another initiative ${action} this one`, () => {
      expect(rule(ELSEWHERE, strategy, initiative)).toBe(false);
    });
  }
});

describe('canEditStrategy', () => {
  it.each(ROLES.map(([role, userId]) => [role, userId, userId === MASTER] as const))(
    'should let only a strategy master edit the strategy: %s (%s) → %s',
    (_role, userId, expected) => {
      expect(canEditStrategy(userId, strategy)).toBe(expected);
    },
  );

  it('should refuse everyone when the strategy has no master', () => {
    expect(canEditStrategy(MASTER, { masterIds: [], initiatives: [initiative] })).toBe(false);
  });
});

describe('canViewStrategy', () => {
  it.each(ROLES.map(([role, userId]) => [role, userId, userId !== OTHER] as const))(
    'should let anyone with a role view the strategy: %s (%s) → %s',
    (_role, userId, expected) => {
      expect(canViewStrategy(userId, strategy)).toBe(expected);
    },
  );

  it('should let someone with a role in any initiative view the strategy', () => {
    expect(canViewStrategy(ELSEWHERE, strategy)).toBe(true);
  });

  it('should let only masters view a strategy without initiatives', () => {
    const empty: StrategyRoles = { masterIds: [MASTER], initiatives: [] };
    expect(canViewStrategy(MASTER, empty)).toBe(true);
    expect(canViewStrategy(OWNER, empty)).toBe(false);
  });
});

describe('canEditMasters and canViewTeam', () => {
  it.each(ROLES.map(([role, userId]) => [role, userId, userId === MASTER] as const))(
    'should let a master, and no other role, change the masters: %s (%s) → %s',
    (_role, userId, expected) => {
      expect(canEditMasters({ id: userId, isAdmin: false }, strategy)).toBe(expected);
    },
  );

  it('should let an administrator without a role see the team and change the masters, nothing else', () => {
    const admin = { id: OTHER, isAdmin: true };
    expect(canViewTeam(admin, strategy)).toBe(true);
    expect(canEditMasters(admin, strategy)).toBe(true);
    expect(canViewStrategy(admin.id, strategy)).toBe(false);
    expect(canEditStrategy(admin.id, strategy)).toBe(false);
    expect(canEditOwners(admin.id, strategy, initiative)).toBe(false);
  });

  it('should keep the team hidden from someone without a role who is not an administrator', () => {
    expect(canViewTeam({ id: OTHER, isAdmin: false }, strategy)).toBe(false);
    expect(canViewTeam({ id: TEAM_MEMBER, isAdmin: false }, strategy)).toBe(true);
  });
});
