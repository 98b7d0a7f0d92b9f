/**
 * `npm run record-help-videos`: records the help dialogs' built-in videos from the real app (issue
 * 27). It starts the real server (built web app, a throw-away database), sets up an organisation
 * through the first-run link it prints, fills a strategy with "Start from an example", and drives
 * Debian's Chromium through one short scene per help topic (scenes.ts), writing
 * apps/web/src/help/videos/TOPIC.webm and TOPIC.webp. Run it again when the screens change.
 *
 * Needs /usr/bin/chromium and ffmpeg (scripts/ensure-chromium.sh and scripts/ensure-ffmpeg.sh,
 * which the npm script runs first) and a built web app (`npm run build -w @keystone/web`, also run
 * by the npm script). `-- TOPIC…` records only those topics.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HELP_TOPICS, type HelpTopic } from '@keystone/contract';
import { chromium } from '@playwright/test';
import { freePort } from '../../testing/serverProcess';
import { encode, POINTER_SCRIPT, Screencast } from './recorder';
import { SCENES, type SceneWorld } from './scenes';

const root = path.resolve(import.meta.dirname, '../..');
const OUTPUT = path.join(root, 'apps/web/src/help/videos');
/** The browser's window; the video is scaled down to OUTPUT_SIZE, small yet readable. */
const VIEWPORT = { width: 1200, height: 750 };
const OUTPUT_SIZE = { width: 960, height: 600 };
const PASSWORD = 'Recording-pass1!';

/**
 * The real server from its sources with a throw-away database, as the browser tests run it; mails
 * go to files in that DATA_DIR, so nothing leaves the machine. Waits as long as a busy machine needs.
 */
async function startServer() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-help-videos-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const output = () => printed;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 500) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${printed}`);
    if (waited > 300_000) {
      await stop();
      throw new Error(`the server was not ready within 5 minutes:\n${printed}`);
    }
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, output, stop };
}

async function setUpOrganisation(baseUrl: string, output: () => string) {
  // The first start on an empty database prints a setup link (with its token) in the log.
  let token: string | undefined;
  for (let waited = 0; !token && waited < 20_000; waited += 200) {
    token = /\/setup\/([\w-]{20,})/.exec(output())?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!token) throw new Error(`the server printed no setup link:\n${output()}`);
  const call = async <T>(url: string, body: unknown, key?: string): Promise<T> => {
    const answer = await fetch(new URL(url, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key && { authorization: `Token ${key}` }) },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`POST ${url} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const login = await call<{ key: string; user_id: number }>('/api/setup/', {
    token,
    organisation_name: 'Northwind Trading',
    first_name: 'Alex',
    last_name: 'Morgan',
    email: 'alex.morgan@northwind.example',
    password1: PASSWORD,
    password2: PASSWORD,
  });
  const strategy = await call<{ id: number }>('/api/strategy/example/', {}, login.key);
  return { key: login.key, userId: login.user_id, strategyId: strategy.id };
}

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((topic) => !(HELP_TOPICS as readonly string[]).includes(topic));
  if (unknown.length > 0)
    throw new Error(`unknown topics: ${unknown.join(', ')} (known: ${HELP_TOPICS.join(', ')})`);
  const topics = (asked.length > 0 ? asked : HELP_TOPICS) as HelpTopic[];

  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--hide-scrollbars',
    ],
  });
  try {
    const account = await setUpOrganisation(server.baseUrl, server.output);
    for (const topic of topics) {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: VIEWPORT,
        reducedMotion: 'no-preference',
      });
      await context.addInitScript(POINTER_SCRIPT);
      await context.addInitScript(
        // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
        (session) =>
          (
            globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
          ).localStorage.setItem('user', JSON.stringify(session)),
        { id: account.userId, token: account.key },
      );
      const page = await context.newPage();
      const world: SceneWorld = {
        page,
        strategyId: account.strategyId,
        key: account.key,
        baseUrl: server.baseUrl,
      };
      const scene = SCENES[topic];
      await scene.prepare(world);
      const cast = new Screencast(page);
      await cast.start();
      await page.waitForTimeout(600);
      await scene.play(world);
      await page.waitForTimeout(900);
      const frames = await cast.stop();
      const video = path.join(OUTPUT, `${topic}.webm`);
      const poster = path.join(OUTPUT, `${topic}.webp`);
      encode(frames, cast.end, path.join(tmpdir(), `keystone-help-${topic}`), video, poster, {
        ...OUTPUT_SIZE,
        fps: 12,
        maxSeconds: 12,
        posterAt: scene.posterAt ?? 0.3,
      });
      console.log(`${topic}: ${frames.length} frames, ${Math.round(statSync(video).size / 1024)} KB`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
