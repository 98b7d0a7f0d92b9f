/**
 * What the help-video recording needs besides the scenes: a pointer drawn into the page (a
 * headless browser shows none, and the viewer must see where the clicks go), Chromium's screencast
 * frames (CDP Page.startScreencast: a frame each time the page paints, with its time), and
 * Debian's ffmpeg turning those frames into a small video and a poster image.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

/** An arrow pointer that follows the mouse, with a ring on each press; added before any page script. */
export const POINTER_SCRIPT = `(() => {
  const arrow = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 22 22"><path d="M2 1 L2 18 L6.5 13.8 L9.6 20.5 L12.6 19.1 L9.6 12.6 L15.5 12.6 Z" fill="#111" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></svg>');
  const add = () => {
    const pointer = document.createElement('img');
    pointer.src = arrow;
    pointer.alt = '';
    pointer.setAttribute('aria-hidden', 'true');
    Object.assign(pointer.style, { position: 'fixed', left: '-40px', top: '-40px', width: '22px', height: '22px', zIndex: '2147483647', pointerEvents: 'none' });
    const ring = document.createElement('div');
    Object.assign(ring.style, { position: 'fixed', width: '28px', height: '28px', margin: '-14px 0 0 -14px', borderRadius: '50%', border: '3px solid rgba(25,118,210,0.8)', zIndex: '2147483646', pointerEvents: 'none', opacity: '0', transition: 'opacity 0.35s' });
    document.documentElement.append(pointer, ring);
    addEventListener('mousemove', (event) => { pointer.style.left = event.clientX - 2 + 'px'; pointer.style.top = event.clientY - 1 + 'px'; }, true);
    addEventListener('mousedown', (event) => { ring.style.left = event.clientX + 'px'; ring.style.top = event.clientY + 'px'; ring.style.transition = 'none'; ring.style.opacity = '1'; requestAnimationFrame(() => { ring.style.transition = 'opacity 0.5s'; ring.style.opacity = '0'; }); }, true);
  };
  if (document.documentElement) add(); else addEventListener('DOMContentLoaded', add);
})();`;

interface Frame {
  data: Buffer;
  /** Seconds, as the screencast stamps it. */
  at: number;
}

/** Records the page's paints from start() to stop(). */
export class Screencast {
  private frames: Frame[] = [];
  private session: CDPSession | undefined;
  private stoppedAt = 0;

  constructor(private readonly page: Page) {}

  async start(): Promise<void> {
    this.frames = [];
    this.session = await this.page.context().newCDPSession(this.page);
    this.session.on('Page.screencastFrame', (frame) => {
      this.frames.push({
        data: Buffer.from(frame.data, 'base64'),
        at: frame.metadata.timestamp ?? Date.now() / 1000,
      });
      void this.session?.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    });
    await this.session.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  }

  async stop(): Promise<Frame[]> {
    this.stoppedAt = Date.now() / 1000;
    await this.session?.send('Page.stopScreencast');
    await this.session?.detach();
    this.session = undefined;
    return this.frames;
  }

  /** When stop() was called, to hold the last frame until then. */
  get end(): number {
    return this.stoppedAt;
  }
}

export interface EncodeOptions {
  width: number;
  height: number;
  fps: number;
  /** The poster: the frame at this many seconds. */
  posterAt: number;
  /** The longest the video may last: a slower recording (a busy machine) is played faster. */
  maxSeconds: number;
}

/** The longest one frame is shown: a long wait for the server is nothing to watch. */
const LONGEST_STILL_SECONDS = 1.5;

/** How long each frame is shown: until the next one, stills shortened, the whole fitted into maxSeconds. */
function shownFor(frames: Frame[], end: number, maxSeconds: number): number[] {
  const durations = frames.map((frame, index) =>
    Math.min(LONGEST_STILL_SECONDS, Math.max(0.001, (frames[index + 1]?.at ?? end) - frame.at)),
  );
  const total = durations.reduce((sum, seconds) => sum + seconds, 0);
  const speed = Math.max(1, total / maxSeconds);
  return durations.map((seconds) => seconds / speed);
}

/**
 * Writes `video` (WebM, VP9, no sound) and `poster` (WebP) from the frames, each shown until the
 * next one (ffmpeg's concat list with durations), resampled to a steady frame rate.
 */
export function encode(
  frames: Frame[],
  end: number,
  work: string,
  video: string,
  poster: string,
  options: EncodeOptions,
): void {
  if (frames.length === 0) throw new Error('no frames were recorded');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const durations = shownFor(frames, end, options.maxSeconds);
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, index) => {
    const name = `frame${String(index).padStart(5, '0')}.png`;
    writeFileSync(path.join(work, name), frame.data);
    lines.push(`file '${name}'`, `duration ${durations[index]!.toFixed(3)}`);
  });
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  lines.push(lines.at(-2)!);
  const list = path.join(work, 'frames.txt');
  writeFileSync(list, `${lines.join('\n')}\n`);
  const scale = `scale=${options.width}:${options.height}:flags=lanczos`;
  const ffmpeg = (args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    `fps=${options.fps},${scale},format=yuv420p`,
    '-an',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-g',
    String(options.fps * 10),
    video,
  ]);
  ffmpeg([
    '-ss',
    String(options.posterAt),
    '-i',
    video,
    '-frames:v',
    '1',
    '-c:v',
    'libwebp',
    '-quality',
    '70',
    poster,
  ]);
  rmSync(work, { recursive: true, force: true });
}
