/**
 * The hub's index (realtime/hub.ts), through published events and real sockets: an event reaches
 * the sockets of its viewers and of its kind only, once each; frames of every length arrive whole
 * and in order, a spilled batch keeping its place; a revocation still closes the sockets it names,
 * and a closed socket leaves the index; the heartbeat's pings, spread over its interval, reach
 * every socket and end the ones that stopped answering.
 */
import { SOCKET_CLOSE } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { publish, type RealtimeEvent } from '../src/core/events';
import { socketPool } from './helpers/realtime';
import { openSocket, type TestSocket } from './helpers/sockets';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

type Member = Awaited<ReturnType<typeof signedInUser>>;

const streamMessage = (value: string) => ({
  res_id: 1,
  model: 'strategy' as const,
  field: 'title',
  value,
  user_id: 1,
  strategy_id: 1,
});
const lockMessage = (field: string) => ({
  res_id: 1,
  model: 'strategy' as const,
  field,
  user_id: 1,
  user: 'Someone',
  action: 'lock' as const,
  strategy_id: 1,
});

describe('real-time hub', () => {
  let server: TestServer;
  let baseUrl: string;
  const pool = socketPool();
  let fences = 0;

  beforeAll(async () => {
    server = await getTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  const send = (events: RealtimeEvent[]) => publish(server.database.db, events);
  const open = (path: string, token: string) => pool.add(openSocket(baseUrl, path, { token }));

  interface Person extends Member {
    locks: TestSocket;
    streaming: TestSocket[];
  }
  const person = async (streamingSockets = 1): Promise<Person> => {
    const member = await signedInUser(server);
    const streaming: TestSocket[] = [];
    for (let i = 0; i < streamingSockets; i++) streaming.push(await open('/ws/streaming/', member.key));
    return { ...member, locks: await open('/ws/locks/', member.key), streaming };
  };

  /** One last event of each kind to everyone; once it has arrived, every earlier one has too. */
  async function fence(people: Person[]): Promise<string> {
    const mark = `fence ${++fences}`;
    const viewers = people.map((p) => p.id);
    await send([
      { kind: 'stream', viewers, message: streamMessage(mark) },
      { kind: 'lock', viewers, message: lockMessage(mark) },
    ]);
    for (const p of people) {
      for (const socket of p.streaming) await socket.waitFor((message) => message.value === mark);
      await p.locks.waitFor((message) => message.field === mark);
    }
    return mark;
  }
  const values = (socket: TestSocket) => socket.messages.map((message) => message.value ?? message.field);

  it("should send an event to its viewers' sockets of its kind only, once each even if a viewer is named twice", async () => {
    const [viewer, other, outsider] = [await person(2), await person(), await person()];
    await send([
      { kind: 'stream', viewers: [viewer.id, other.id, viewer.id], message: streamMessage('edit') },
    ]);
    await send([{ kind: 'lock', viewers: [viewer.id], message: lockMessage('locked') }]);
    const mark = await fence([viewer, other, outsider]);

    for (const socket of viewer.streaming) expect(values(socket)).toEqual(['edit', mark]);
    expect(values(viewer.locks)).toEqual(['locked', mark]);
    expect(values(other.streaming[0]!)).toEqual(['edit', mark]);
    expect(values(other.locks)).toEqual([mark]);
    expect(values(outsider.streaming[0]!)).toEqual([mark]);
    expect(values(outsider.locks)).toEqual([mark]);
  });

  it('should deliver frames of every length whole and in order, a spilled batch keeping its place', async () => {
    const reader = await person();
    // Under 126 bytes, up to 64 KB (16-bit length) and beyond (64-bit length, spilled to its table).
    const sent = ['short', 'm'.repeat(300), 'l'.repeat(70_000), 'after the spilled one'];
    for (const value of sent)
      await send([{ kind: 'stream', viewers: [reader.id], message: streamMessage(value) }]);
    const mark = await fence([reader]);
    expect(values(reader.streaming[0]!)).toEqual([...sent, mark]);
  });

  it('should still close the sockets a revocation names, and forget them', async () => {
    const [revoked, staying] = [await person(), await person()];
    const before = server.realtime.hub.size;
    await send([{ kind: 'revoke', userId: revoked.id }]);
    expect(await revoked.locks.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await revoked.streaming[0]!.closed).toBe(SOCKET_CLOSE.unauthenticated);
    await vi.waitFor(() => expect(server.realtime.hub.size).toBe(before - 2));
    expect(server.realtime.hub.hasLocksSocket(revoked.id)).toBe(false);
    // Events for the revoked user go nowhere; the others' still arrive.
    await send([{ kind: 'stream', viewers: [revoked.id, staying.id], message: streamMessage('later') }]);
    const mark = await fence([staying]);
    expect(values(staying.streaming[0]!)).toEqual(['later', mark]);
  });

  it('should ping every socket once per heartbeat interval and end those that stop answering', async () => {
    const { hub } = server.realtime;
    const member = await signedInUser(server);
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws/streaming/?token=${member.key}`;
    const opening = (autoPong: boolean) =>
      new Promise<{ socket: WebSocket; pings: number[]; closed: Promise<number> }>((resolve, reject) => {
        const socket = new WebSocket(url, { autoPong });
        const pings: number[] = [];
        socket.on('ping', () => pings.push(Date.now()));
        const closed = new Promise<number>((done) => socket.on('close', done));
        socket.once('open', () => resolve({ socket, pings, closed }));
        socket.once('error', reject);
      });
    const answering = await Promise.all([1, 2, 3].map(() => opening(true)));
    const silent = await opening(false);
    const intervalMs = 600;
    hub.stopHeartbeat();
    hub.startHeartbeat(intervalMs);
    try {
      // The silent socket is pinged, does not answer, and is ended at its next turn.
      expect(await silent.closed).toBe(1006);
      await vi.waitFor(() => expect(answering.every((a) => a.pings.length >= 3)).toBe(true), 5000);
      for (const { socket, pings } of answering) {
        expect(socket.readyState).toBe(WebSocket.OPEN);
        // Once per interval: the gaps between a socket's pings are the interval, not a slice.
        for (let i = 1; i < pings.length; i++)
          expect(pings[i]! - pings[i - 1]!).toBeGreaterThan(intervalMs / 2);
      }
    } finally {
      hub.stopHeartbeat();
      hub.startHeartbeat();
      for (const { socket } of answering) socket.close();
    }
  });
});
