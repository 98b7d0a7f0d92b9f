/**
 * Notification settings (spec §2 "Strategy settings page", §3, §7; DESIGN §4): GET
 * /api/notification-settings/{id}/ for anyone who sees the strategy, PATCH
 * /api/notification-settings/update/{id}/ for its masters only.
 */
import { MESSAGES } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { nameOf } from './helpers/charter';
import { settingsSuite } from './helpers/settingsSuite';
import { ROLE_NAMES, ROLES, STRATEGY_NOT_FOUND, VIEWERS } from './helpers/strategyPermissionCalls';

describe('notification settings', () => {
  const { suite, masterKey, freshStrategy, read, save } = settingsSuite();

  describe('reading', () => {
    it('should give a new strategy the default settings, in the names of spec §3', async () => {
      const strategy = await freshStrategy();
      const response = await suite.progress.settings(masterKey(), strategy);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        strategy,
        first_progress_update: null,
        next_progress_update: null,
        last_progress_update: null,
        time_zone: 'UTC',
        update_frequency_number: 1,
        update_frequency_unit: 'week',
        update_time: null,
        send_to_master: true,
        send_to_sponsors: true,
        send_to_owners: true,
        send_to_team_members: true,
        additional_recipients: null,
        team_reminders: [],
        reminder_send_to_master: true,
        reminder_send_to_sponsors: false,
        reminder_send_to_owners: true,
        reminder_send_to_team_members: true,
        version: 1,
        strategy_masters: [
          { id: suite.people.master.id, name: nameOf('master'), email: suite.people.master.email },
        ],
      });
    });

    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should show the settings to the %s only when they see the strategy',
      async (_name, role) => {
        const asMaster = await read(suite.fixture.strategy);
        const response = await suite.progress.settings(suite.people[role].key, suite.fixture.strategy);
        if (VIEWERS.includes(role)) {
          expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: asMaster });
        } else {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: STRATEGY_NOT_FOUND },
          });
        }
      },
    );

    it('should answer a missing strategy with 404, a bad id with 400 and no token with 403', async () => {
      for (const call of [
        suite.progress.settings(masterKey(), 2_147_483_647),
        suite.progress.updateSettings(masterKey(), 2_147_483_647, { update_frequency_number: 2 }),
      ]) {
        const response = await call;
        expect({ status: response.status, body: response.body }).toEqual({
          status: 404,
          body: { detail: STRATEGY_NOT_FOUND },
        });
      }
      const badId = await suite.progress.settings(masterKey(), 'abc');
      expect({ status: badId.status, body: badId.body }).toEqual({
        status: 400,
        body: {
          detail: 'A valid id is required.',
          errors: { non_field_errors: ['A valid id is required.'] },
        },
      });
      const before = await read(suite.fixture.strategy);
      for (const call of [
        suite.progress.settings(undefined, suite.fixture.strategy),
        suite.progress.updateSettings(undefined, suite.fixture.strategy, { update_frequency_number: 9 }),
      ]) {
        const response = await call;
        expect({ status: response.status, body: response.body }).toEqual({
          status: 403,
          body: { detail: MESSAGES.credentialsMissing },
        });
      }
      expect(await read(suite.fixture.strategy)).toEqual(before);
    });

    it("should answer a deleted strategy's settings with 404", async () => {
      const strategy = await freshStrategy();
      await save(strategy, { first_progress_update: '2026-12-07T09:00:00' });
      const deleted = await suite.server.api('DELETE', `/api/strategy/delete/${strategy}/`, {
        token: masterKey(),
      });
      expect(deleted.status).toBe(204);
      const response = await suite.progress.settings(masterKey(), strategy);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { detail: STRATEGY_NOT_FOUND },
      });
    });
  });

  describe('who may change them (DESIGN §4: masters only)', () => {
    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should let the %s save only if a master',
      async (_name, role) => {
        const before = await read(suite.fixture.strategy);
        const frequency = before.update_frequency_number + 1;
        const response = await suite.progress.updateSettings(suite.people[role].key, suite.fixture.strategy, {
          update_frequency_number: frequency,
          additional_recipients: 'eve@evil.com',
        });
        if (role === 'master') {
          expect(response.status).toBe(200);
          expect(response.body).toEqual({
            ...before,
            update_frequency_number: frequency,
            additional_recipients: 'eve@evil.com',
            version: before.version + 1,
          });
          expect(await read(suite.fixture.strategy)).toEqual(response.body);
          return;
        }
        const expected = VIEWERS.includes(role)
          ? { status: 403, body: { detail: MESSAGES.noPermission } }
          : { status: 404, body: { detail: STRATEGY_NOT_FOUND } };
        expect({ status: response.status, body: response.body }).toEqual(expected);
        expect(await read(suite.fixture.strategy)).toEqual(before);
      },
    );

    it('should let a second master save once added, and nobody after losing the role', async () => {
      const strategy = await freshStrategy();
      const { master, owner } = suite.people;
      const asOwner = () =>
        suite.progress.updateSettings(owner.key, strategy, { update_frequency_unit: 'day' });
      await suite.strategies.assignOk(master.key, {
        strategy_id: strategy,
        strategy_masters: [
          { id: master.id, email: master.email },
          { id: owner.id, email: owner.email },
        ],
      });
      const allowed = await asOwner();
      expect(allowed.status).toBe(200);
      expect(allowed.body.update_frequency_unit).toBe('day');
      expect(allowed.body.strategy_masters.map((person: { id: number }) => person.id).sort()).toEqual(
        [master.id, owner.id].sort(),
      );
      await suite.strategies.assignOk(master.key, {
        strategy_id: strategy,
        strategy_masters: [{ id: master.id, email: master.email }],
      });
      const refused = await asOwner();
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 404,
        body: { detail: STRATEGY_NOT_FOUND },
      });
    });
  });
});
