/**
 * Every published event carries the time it was published (`at`, epoch ms of the publishing
 * instance), so each receiving instance can measure delivery lag: whether it was published by
 * `publish`, by the one-statement autosave (payload built in SQL) or spilled for its size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublishedEvent, parsePayload, publish, REALTIME_CHANNEL, readSpill } from '../src/core/events';
import { buildRealtimeFixture, type RealtimeFixture } from './helpers/realtime';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('the publication time of real-time events', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  const received: PublishedEvent[] = [];
  let unlisten: () => Promise<void>;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildRealtimeFixture(server);
    unlisten = await server.database.listen(REALTIME_CHANNEL, {
      onNotification: (payload) => {
        const events = parsePayload(payload);
        if (Array.isArray(events)) received.push(...events);
        else if (events)
          void readSpill(server.database.db, events.spill).then((read) => received.push(...read));
      },
    });
  });
  afterAll(async () => {
    await unlisten?.();
    await server?.close();
  });

  const eventWithValue = async (value: string) => {
    await expect
      .poll(() => received.some((event) => event.kind === 'stream' && event.message.value === value))
      .toBe(true);
    return received.find((event) => event.kind === 'stream' && event.message.value === value)!;
  };

  it('should stamp events of publish, the one-statement autosave and a spilled edit with the time of publication', async () => {
    const save = (comment: string) =>
      server.api('PATCH', `/api/comments/update/${f.comment}/`, {
        token: f.people.teamMember.key,
        body: { comment },
      });
    // The key looked up once: the small edit then takes the one-statement autosave.
    expect((await save('<p>Key looked up</p>')).status).toBe(200);
    const small = '<p>Stamped</p>';
    const large = '<p><strong>ab</strong></p>'.repeat(400);
    for (const value of [small, large]) {
      const before = Date.now();
      expect((await save(value)).status).toBe(200);
      const event = await eventWithValue(value);
      expect(event.at).toBeGreaterThanOrEqual(before);
      expect(event.at).toBeLessThanOrEqual(Date.now());
    }

    const before = Date.now();
    const message = {
      res_id: 1,
      model: 'strategy' as const,
      field: 'title',
      value: 'direct',
      user_id: 1,
      strategy_id: 1,
    };
    await publish(server.database.db, [{ kind: 'stream', viewers: [], message }]);
    const event = await eventWithValue('direct');
    expect(typeof event.at).toBe('number');
    expect(event.at).toBeGreaterThanOrEqual(before);
  });
});
