/**
 * Status messages for screen readers (issue 28, WCAG 4.1.3): one announcer speaks into a polite
 * and an assertive live region, never repeating what it said a moment ago, reading messages that
 * arrive together as one and leaving a gap between announcements, so a burst of saves or another
 * person's typing does not flood the screen reader.
 */
import { ANNOUNCEMENT_TEXT } from '@keystone/contract';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncer } from '../src/components/announcer/LiveAnnouncer';
import { Announcer, announcer } from '../src/lib/announcer';
import { SaveStatusStore } from '../src/lib/autosave/saveStatus';

const TIMINGS = { gatherMs: 100, gapMs: 1000, repeatAfterMs: 5000, maxTogether: 3 };

/** Every text the announcer put into a region, in order. */
function recordSpoken(subject: Announcer) {
  const said: { polite: string[]; assertive: string[] } = { polite: [], assertive: [] };
  const seen = { polite: 0, assertive: 0 };
  subject.subscribe(() => {
    for (const politeness of ['polite', 'assertive'] as const) {
      const spoken = subject.spoken(politeness);
      if (spoken && spoken.id !== seen[politeness]) {
        seen[politeness] = spoken.id;
        said[politeness].push(spoken.text);
      }
    }
  });
  return said;
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('Announcer', () => {
  it('should say a message after a moment, in the region of its politeness', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    subject.announce('Saved.');
    subject.announce('Not saved: no permission.', { politeness: 'assertive' });
    expect(said.polite).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(said).toEqual({ polite: ['Saved.'], assertive: ['Not saved: no permission.'] });
  });

  it('should say a repeated message once while it keeps being repeated, and again after a quiet while', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    // Ten saves, one every 400 ms, as slow typing makes them.
    for (let save = 0; save < 10; save += 1) {
      subject.announce('Saved.', { key: 'save' });
      vi.advanceTimersByTime(400);
    }
    expect(said.polite).toEqual(['Saved.']);
    // Each mention restarted the quiet time: 4.9 s after the last one it is still news to nobody.
    vi.advanceTimersByTime(4500);
    subject.announce('Saved.', { key: 'save' });
    vi.advanceTimersByTime(2000);
    expect(said.polite).toEqual(['Saved.']);
    vi.advanceTimersByTime(5000);
    subject.announce('Saved.', { key: 'save' });
    vi.advanceTimersByTime(100);
    expect(said.polite).toEqual(['Saved.', 'Saved.']);
  });

  it('should say a topic again as soon as its text changes (a failure, then the recovery)', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    subject.announce('Saved.', { key: 'save' });
    vi.advanceTimersByTime(1000);
    subject.announce('Not saved: The server cannot be reached. Trying again.', { key: 'save' });
    vi.advanceTimersByTime(1000);
    subject.announce('Saved.', { key: 'save' });
    vi.advanceTimersByTime(1000);
    expect(said.polite).toEqual([
      'Saved.',
      'Not saved: The server cannot be reached. Trying again.',
      'Saved.',
    ]);
  });

  it('should read messages arriving together as one, keeping a gap between announcements', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    subject.announce('Anna changed Ambition.');
    subject.announce('Title is being edited by Bo.');
    vi.advanceTimersByTime(100);
    expect(said.polite).toEqual(['Anna changed Ambition. Title is being edited by Bo.']);
    // Within the gap, the next messages wait and are read together when it is over.
    subject.announce('Bo changed Title.');
    vi.advanceTimersByTime(300);
    subject.announce('Bo stopped editing Title.', { key: 'lock:Title' });
    vi.advanceTimersByTime(699);
    expect(said.polite).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said.polite[1]).toBe('Bo changed Title. Bo stopped editing Title.');
  });

  it('should replace a waiting message by a newer one about the same thing, and keep only the newest few', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    subject.announce('Title is being edited by Bo.', { key: 'lock:Title' });
    subject.announce('Bo stopped editing Title.', { key: 'lock:Title' });
    vi.advanceTimersByTime(100);
    expect(said.polite).toEqual(['Bo stopped editing Title.']);
    for (const field of ['A', 'B', 'C', 'D', 'E']) subject.announce(`Bo changed ${field}.`);
    vi.advanceTimersByTime(1000);
    expect(said.polite[1]).toBe('Bo changed C. Bo changed D. Bo changed E.');
  });

  it('should turn a burst of a hundred messages into a handful of announcements', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    for (let message = 0; message < 100; message += 1) {
      subject.announce(`Message ${message}.`);
      vi.advanceTimersByTime(20);
    }
    vi.advanceTimersByTime(1000);
    // Two seconds of messages: one announcement at the start, then one per gap.
    expect(said.polite.length).toBeLessThanOrEqual(3);
    expect(said.polite.at(-1)).toContain('Message 99.');
  });
});

describe('a page’s saves, told to screen readers', () => {
  it('should say Saved once for a burst of saves, why a retry is needed once, and Saved on recovery', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    const store = new SaveStatusStore(subject.announce);
    for (let save = 0; save < 10; save += 1) {
      store.report('title', 'saving');
      store.markSaved();
      store.report('title', 'idle');
      vi.advanceTimersByTime(300);
    }
    vi.advanceTimersByTime(2000);
    expect(said.polite).toEqual([ANNOUNCEMENT_TEXT.saved]);

    // The server cannot be reached: every failed retry says nothing new.
    const reason = ANNOUNCEMENT_TEXT.serverUnreachable;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      store.report('title', 'saving');
      store.report('title', 'retrying', reason);
      vi.advanceTimersByTime(8000);
    }
    store.report('title', 'saving');
    store.markSaved();
    store.report('title', 'idle');
    vi.advanceTimersByTime(2000);
    expect(said.polite).toEqual([
      ANNOUNCEMENT_TEXT.saved,
      ANNOUNCEMENT_TEXT.saveRetrying(reason),
      ANNOUNCEMENT_TEXT.saved,
    ]);
  });

  it('should interrupt for a save the server refused, with its reason, and stay quiet about a conflict', () => {
    const subject = new Announcer(TIMINGS);
    const said = recordSpoken(subject);
    const store = new SaveStatusStore(subject.announce);
    store.report('ambition', 'conflict');
    vi.advanceTimersByTime(2000);
    store.report('title', 'failed', "You don't have permission to edit this field.");
    vi.advanceTimersByTime(2000);
    expect(said).toEqual({
      polite: [],
      assertive: [ANNOUNCEMENT_TEXT.saveFailed("You don't have permission to edit this field.")],
    });
  });
});

describe('LiveAnnouncer', () => {
  it('should keep both regions in the page and put each announcement in as a new node', () => {
    render(<LiveAnnouncer />);
    const polite = screen.getByTestId('announcer-polite');
    expect(polite.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('announcer-assertive').getAttribute('aria-live')).toBe('assertive');
    expect(polite.textContent).toBe('');

    act(() => {
      announcer.announce('Saved.');
      vi.advanceTimersByTime(200);
    });
    const first = polite.firstElementChild;
    expect(polite.textContent).toBe('Saved.');
    act(() => {
      vi.advanceTimersByTime(6000);
      announcer.announce('Saved.');
      vi.advanceTimersByTime(200);
    });
    // The same words again: a fresh node, so screen readers read them again.
    expect(polite.textContent).toBe('Saved.');
    expect(polite.firstElementChild).not.toBe(first);
  });
});
