/**
 * The notification-settings test files' suite (spec §2 "Strategy settings page", §3, §5 "Settings",
 * §7; DESIGN §4, §6): a progress suite whose clock stands still at NOW, so the next due date each
 * save computes is known, and the small calls those tests make as the strategy's master.
 */
import type { NotificationSettings } from '@keystone/contract';
import { progressSuite } from './progressApi';

/** A Monday: 14:00 in Berlin (summer time). */
const NOW = '2026-06-01T12:00:00.000Z';

/** Call inside the test file's `describe`: starts the suite's server for that block. */
export function settingsSuite() {
  const suite = progressSuite(NOW);
  const masterKey = () => suite.people.master.key;
  /** A new strategy of the master's, for a test that needs settings of its own. */
  const freshStrategy = async () => (await suite.strategies.create(masterKey(), { title: 'Fresh' })).id;
  const read = (strategy: number) => suite.progress.settingsOk(masterKey(), strategy);
  const save = (strategy: number, body: object) => suite.progress.saveSettings(masterKey(), strategy, body);
  const schedule = (settings: NotificationSettings) => ({
    first_progress_update: settings.first_progress_update,
    update_time: settings.update_time,
    next_progress_update: settings.next_progress_update,
    last_progress_update: settings.last_progress_update,
  });
  return { suite, masterKey, freshStrategy, read, save, schedule };
}
