import { MESSAGES } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { toStrategy } from '../src/api/strategyWire';
import {
  formFieldOfServerKey,
  ownersProblem,
  personFromTypedEmail,
  rebase,
  sortPeople,
  teamPayload,
  teamValuesOf,
} from '../src/routes/strategy-team/teamRules';
import { ANNA, BEN, CARL, DORA, wireStrategy } from './strategyTeamFixtures';

describe('team form rules', () => {
  it('should sort people by name, ignoring case, with nameless people last by e-mail', () => {
    const zed = { id: 20, name: null, email: 'aaron@example.com' };
    expect(sortPeople([CARL, BEN, zed, ANNA, DORA])).toEqual([ANNA, BEN, DORA, zed, CARL]);
  });

  it('should turn a typed address into a new entry with the address as given, no name and the temporary id', () => {
    expect(personFromTypedEmail('  New.Person@Example.com ', [ANNA], -3)).toEqual({
      id: -3,
      name: null,
      email: 'New.Person@Example.com',
    });
  });

  it('should use the existing user when the typed address is known, and refuse what is not an address', () => {
    expect(personFromTypedEmail('BEN@example.com', [ANNA, BEN], -1)).toBe(BEN);
    expect(personFromTypedEmail('ben@', [ANNA, BEN], -1)).toBeNull();
    expect(personFromTypedEmail('two words@example.com', [], -1)).toBeNull();
  });

  it('should require an owner only where the initiative had one', () => {
    expect(ownersProblem([], [BEN])).toBe(MESSAGES.fieldRequired);
    expect(ownersProblem([], [])).toBeUndefined();
    expect(ownersProblem([ANNA], [BEN])).toBeUndefined();
  });

  it('should build the payload in page order, sending new people with a null id and the lists as loaded', () => {
    const loaded = teamValuesOf(toStrategy(wireStrategy()));
    const values = teamValuesOf(toStrategy(wireStrategy()));
    values.initiatives[1] = {
      ...values.initiatives[1]!,
      owners: [{ id: -1, name: null, email: 'new@example.com' }],
    };
    expect(teamPayload(5, values, loaded)).toEqual({
      strategy_id: 5,
      strategy_masters: [{ id: 7, email: 'anna@example.com' }],
      initiatives: [
        {
          initiative_id: 11,
          owners: [{ id: 8, email: 'ben@example.com' }],
          sponsors: [],
          team_members: [{ id: 9, email: 'carl@example.com' }],
        },
        {
          initiative_id: 12,
          owners: [{ id: null, email: 'new@example.com' }],
          sponsors: [],
          team_members: [],
        },
        { initiative_id: 13, owners: [], sponsors: [], team_members: [] },
      ],
      base: {
        strategy_masters: [7],
        initiatives: [
          { initiative_id: 11, owners: [8], sponsors: [], team_members: [9] },
          { initiative_id: 12, owners: [], sponsors: [], team_members: [] },
          { initiative_id: 13, owners: [], sponsors: [], team_members: [] },
        ],
      },
    });
  });

  it("should keep an edited list's base when someone else's save arrives, and move untouched lists on", () => {
    const loaded = teamValuesOf(toStrategy(wireStrategy()));
    // The user removed Carl from the team of 11; meanwhile someone added Dora to its team and Ben as master.
    const values = teamValuesOf(toStrategy(wireStrategy()));
    values.initiatives[0]!.teamMembers = [];
    const theirs = teamValuesOf(toStrategy(wireStrategy({ strategy_masters: [ANNA, BEN] })));
    theirs.initiatives[0]!.teamMembers = [CARL, DORA];
    const base = rebase(loaded, values, theirs);
    expect(base.masters).toEqual([ANNA, BEN]);
    expect(base.initiatives[0]!.teamMembers).toEqual([CARL]);
    const payload = teamPayload(5, values, base);
    expect(payload.base?.initiatives?.[0]).toEqual({
      initiative_id: 11,
      owners: [8],
      sponsors: [],
      team_members: [9],
    });
    expect(payload.base?.strategy_masters).toEqual([7, 8]);
  });

  it('should map the server error keys onto the form fields', () => {
    expect(formFieldOfServerKey('strategy_masters')).toBe('masters');
    expect(formFieldOfServerKey('initiatives.2.team_members')).toBe('initiatives.2.teamMembers');
    expect(formFieldOfServerKey('initiatives.0.owners')).toBe('initiatives.0.owners');
    expect(formFieldOfServerKey('initiatives.x.owners')).toBeNull();
  });
});
