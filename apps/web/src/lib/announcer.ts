/**
 * The page's one voice for status messages (WCAG 4.1.3): anything may call announce(), and
 * components/announcer/LiveAnnouncer (mounted once in the layout) puts the text into a polite or
 * an assertive live region. Announcements are rationed so a screen reader is never flooded: a message said a
 * moment ago is not said again (a burst of saves says "Saved" once), messages arriving together
 * are read as one, and a newer message about the same thing replaces one still waiting.
 * Plain TypeScript, no React: tests drive it with fake timers.
 */

export type Politeness = 'polite' | 'assertive';

export interface AnnounceOptions {
  /** 'assertive' interrupts: only for a problem the user has to act on. */
  politeness?: Politeness;
  /**
   * What the message is about (e.g. the page's saving, one field's lock): a newer message about it
   * replaces one still waiting, and is said again only when its text changes or after a while.
   * Without a key, the text itself is the topic.
   */
  key?: string;
}

/** What a live region holds: the text and a serial, so the same text said again is a new node. */
export interface Spoken {
  id: number;
  text: string;
}

export interface AnnouncerTimings {
  /** Wait before speaking, so messages caused by one event are read together. */
  gatherMs: number;
  /** Least time between two announcements of one region. */
  gapMs: number;
  /** A text said within this time of its last mention is not said again (each mention restarts it). */
  repeatAfterMs: number;
  /** At most this many messages are read together; the newest are kept. */
  maxTogether: number;
}

const TIMINGS: AnnouncerTimings = { gatherMs: 150, gapMs: 1500, repeatAfterMs: 5000, maxTogether: 3 };

interface Waiting {
  text: string;
  /** The message's key, or its text: what "the same thing" means for it. */
  topic: string;
}

/** One live region's queue. */
class Channel {
  private waiting: Waiting[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSpokenAt = Number.NEGATIVE_INFINITY;
  /** Per topic, the text last said about it and when it was last mentioned. */
  private readonly said = new Map<string, { text: string; at: number }>();
  spoken: Spoken | null = null;

  constructor(
    private readonly timings: AnnouncerTimings,
    private readonly onSpoken: () => void,
  ) {}

  add(text: string, topic: string, now: number): void {
    const last = this.said.get(topic);
    // Still true and said a moment ago: saying it again would only repeat it.
    if (last?.text === text && now - last.at < this.timings.repeatAfterMs) {
      last.at = now;
      return;
    }
    this.waiting = this.waiting.filter((item) => item.topic !== topic);
    this.waiting.push({ text, topic });
    if (this.timer === null) {
      const wait = Math.max(this.timings.gatherMs, this.lastSpokenAt + this.timings.gapMs - now);
      this.timer = setTimeout(() => this.speak(), wait);
    }
  }

  private speak(): void {
    this.timer = null;
    const told = this.waiting.slice(-this.timings.maxTogether);
    this.waiting = [];
    if (told.length === 0) return;
    const now = Date.now();
    this.lastSpokenAt = now;
    for (const [topic, last] of this.said)
      if (now - last.at >= this.timings.repeatAfterMs) this.said.delete(topic);
    for (const { text, topic } of told) this.said.set(topic, { text, at: now });
    this.spoken = { id: (this.spoken?.id ?? 0) + 1, text: told.map((item) => item.text).join(' ') };
    this.onSpoken();
  }

  reset(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.waiting = [];
    this.said.clear();
    this.lastSpokenAt = Number.NEGATIVE_INFINITY;
    this.spoken = null;
  }
}

export class Announcer {
  private readonly listeners = new Set<() => void>();
  private readonly channels: Record<Politeness, Channel>;

  constructor(timings: AnnouncerTimings = TIMINGS) {
    const notify = () => {
      for (const listener of this.listeners) listener();
    };
    this.channels = { polite: new Channel(timings, notify), assertive: new Channel(timings, notify) };
  }

  announce = (text: string, { politeness = 'polite', key }: AnnounceOptions = {}): void => {
    if (text.trim() === '') return;
    this.channels[politeness].add(text, key ?? text, Date.now());
  };

  /** What the region of `politeness` says now (null before its first announcement). */
  spoken(politeness: Politeness): Spoken | null {
    return this.channels[politeness].spoken;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Forgets everything said and drops what waits: each test starts from silence. */
  reset(): void {
    for (const channel of Object.values(this.channels)) channel.reset();
  }
}

/** The app's one announcer: a single page has one pair of live regions. */
export const announcer = new Announcer();

export const announce = announcer.announce;
