// The load balancer in front of the bench's instances: Debian's HAProxy (or nginx), configured as
// docs/OPERATIONS.md recommends, generated into a temp folder, on loopback, started and stopped by
// the bench. WebSocket upgrades pass through as tunnels; HAProxy asks each instance's /readyz every
// second, so a draining instance (503) leaves the rotation within 2 s; nginx (open source) has no
// active checks and moves on from an instance that refuses connections.
//
// A process here may hold at most 20,000 files (`ulimit -Hn`), and a proxied socket costs two (the
// client's and the instance's): 10,000 sockets take two HAProxy processes, each in front of every
// instance, or two nginx workers sharing one port (reuseport).
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';

const BINARIES = { haproxy: '/usr/sbin/haproxy', nginx: '/usr/sbin/nginx' };
/** Sockets one process (HAProxy) or worker (nginx) carries: two files each, under the 20,000 limit. */
const SOCKETS_PER_PROCESS = 9000;
const PROCESSES = 2;
const READY_WITHIN_MS = 10_000;

function haproxyConfig(port, backends) {
  const servers = backends.map((backend, i) => `  server app${i} 127.0.0.1:${backend} check`);
  // As docs/OPERATIONS.md recommends (§2, "Load balancer"), on loopback and without TLS.
  return `global
  maxconn ${SOCKETS_PER_PROCESS}

defaults
  mode http
  option forwardfor
  timeout connect 3s
  timeout client 60s
  timeout server 60s
  timeout tunnel 90s
  timeout client-fin 5s
  timeout http-request 10s

frontend keystone
  bind 127.0.0.1:${port}
  maxconn ${SOCKETS_PER_PROCESS}
  default_backend instances

backend instances
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2 maxconn 5000
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response 503
  http-request disable-l7-retry unless METH_GET
${servers.join('\n')}
`;
}

function nginxConfig(port, backends, folder) {
  const servers = backends.map((backend) => `    server 127.0.0.1:${backend} max_fails=1 fail_timeout=5s;`);
  return `user root;
worker_processes ${PROCESSES};
worker_rlimit_nofile 19500;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
daemon off;

events {
  worker_connections ${SOCKETS_PER_PROCESS * 2};
}

http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;

  # Upgrade requests pass the upgrade on; others keep their upstream connection alive.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  upstream instances {
    least_conn;
${servers.join('\n')}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${port} reuseport backlog=4096;
    location / {
      proxy_pass http://instances;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 90s;
      proxy_send_timeout 90s;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

async function answersReady(url) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the load balancer at ${url} did not answer`);
}

/** Runs a load balancer process; what it says (servers going down and up) goes to `logFile`. */
function run(binary, args, logFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(binary, args, { stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts the load balancer `kind` ('haproxy' or 'nginx') in front of the instances listening on
 * `backends` (ports); resolves to { kind, urls, stop() }: every url reaches every instance.
 */
export async function startLoadBalancer(kind, backends) {
  const folder = mkdtempSync(path.join(tmpdir(), `keystone-${kind}-`));
  const processes = [];
  const urls = [];
  try {
    if (kind === 'haproxy') {
      for (let i = 0; i < PROCESSES; i++) {
        const port = await freePort();
        const file = path.join(folder, `haproxy${i}.cfg`);
        writeFileSync(file, haproxyConfig(port, backends));
        // -db: in the foreground, so the bench owns the process.
        processes.push(run(BINARIES.haproxy, ['-db', '-f', file], path.join(folder, 'output.log')));
        urls.push(`http://127.0.0.1:${port}`);
      }
    } else if (kind === 'nginx') {
      const port = await freePort();
      for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(folder, dir));
      const file = path.join(folder, 'nginx.conf');
      writeFileSync(file, nginxConfig(port, backends, folder));
      processes.push(
        run(
          BINARIES.nginx,
          ['-p', folder, '-e', path.join(folder, 'error.log'), '-c', file],
          path.join(folder, 'output.log'),
        ),
      );
      urls.push(`http://127.0.0.1:${port}`);
    } else throw new Error(`unknown load balancer ${kind}: haproxy or nginx`);
    for (const url of urls) await answersReady(url);
  } catch (error) {
    await Promise.all(processes.map((process) => process.stop()));
    const output = path.join(folder, 'output.log');
    if (existsSync(output)) console.error(readFileSync(output, 'utf8'));
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    kind,
    urls,
    stop: async () => {
      await Promise.all(processes.map((process) => process.stop()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
