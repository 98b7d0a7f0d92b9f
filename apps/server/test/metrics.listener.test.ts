/**
 * Where the metrics are served (docs/OPERATIONS.md "Metrics"), with the real server process
 * configured as an operator would: METRICS_PORT and METRICS_HOST, or METRICS_PORT=off.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { ConfigError, loadConfig } from '../src/config';
import { parseSamples } from './helpers/metrics';

/** The TCP ports a process listens on (Linux: its socket descriptors matched in /proc/net/tcp*). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // Closed meanwhile.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN; column 9 is the inode.
      if (columns[3] === '0A' && inodes.has(columns[9]!))
        ports.push(Number.parseInt(columns[1]!.split(':')[1]!, 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

describe('METRICS_PORT and METRICS_HOST', () => {
  it('should default to the loopback address and port 9464, take 0 and any port, and off', () => {
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '10.0.1.5' }).metrics).toEqual({
      host: '10.0.1.5',
      port: 9100,
    });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeUndefined();
  });

  it('should refuse anything else, naming the variable', () => {
    for (const value of ['no', '-1', '65536', '9464x', 'OFF ']) {
      expect(() => loadConfig({ METRICS_PORT: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_PORT: value }), value).toThrow(/METRICS_PORT: must be a port number/);
    }
  });
});

/** Each test starts a server process: slow on a busy machine. */
const WITH_A_START = { timeout: 90_000 };

describe('the metrics listener of the server process', () => {
  let instance: ServerProcess | undefined;
  afterEach(async () => {
    await instance?.stop();
    instance = undefined;
  });

  it('should serve /metrics on METRICS_PORT only, and 404 it on the public port', WITH_A_START, async () => {
    const metricsPort = await freePort();
    instance = await startServerProcess({ METRICS_PORT: String(metricsPort) });
    const appPort = Number(new URL(instance.baseUrl).port);
    expect(listeningPorts(instance.pid)).toEqual([appPort, metricsPort].sort((a, b) => a - b));

    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const samples = parseSamples(await response.text());
    // The readiness checks made while the process started.
    expect(
      samples.get(
        'keystone_http_request_duration_seconds_count{method="GET",route="/readyz",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);

    const onPublicPort = await fetch(`${instance.baseUrl}/metrics`);
    expect(onPublicPort.status).toBe(404);
    expect(await onPublicPort.text()).not.toContain('keystone_');
  });

  it('should listen on nothing but the app port with METRICS_PORT=off', WITH_A_START, async () => {
    instance = await startServerProcess({ METRICS_PORT: 'off' });
    expect(listeningPorts(instance.pid)).toEqual([Number(new URL(instance.baseUrl).port)]);
  });

  it('should refuse to start, naming the variable, when METRICS_PORT is taken', WITH_A_START, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(startServerProcess({ METRICS_PORT: String(port) })).rejects.toThrow(
        /exited with 1:[\s\S]*METRICS_PORT/,
      );
    } finally {
      taken.close();
    }
  });
});
