/** The login session kept in localStorage (spec §3 "User session"), readable from React and plain code. */
import { useSyncExternalStore } from 'react';

export interface Session {
  id: number;
  token: string;
}

const SESSION_KEY = 'user';
const LAST_ACTIVE_STRATEGY_KEY = 'lastActiveStrategy';
/** Per tab (a reload keeps it); a new login or a logout forgets it. See markSecondFactorSetupDue. */
const SECOND_FACTOR_DUE_KEY = 'keystone:secondFactorSetupDue';
// Fired on this tab's changes; the 'storage' event only reports changes made by other tabs.
const SESSION_CHANGED = 'keystone:session-changed';

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { id, token } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof token === 'string' && token.length > 0;
}

/** Parsed once per stored string so useSyncExternalStore sees a stable object between changes. */
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

export function readSession(): Session | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    cachedSession = isSession(parsed) ? { id: parsed.id, token: parsed.token } : null;
  } catch {
    cachedSession = null;
  }
  return cachedSession;
}

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ id: session.id, token: session.token }));
  sessionStorage.removeItem(SECOND_FACTOR_DUE_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(SECOND_FACTOR_DUE_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

/**
 * The organisation requires two-factor sign-in and this session has none yet (the server answered
 * `second_factor_setup_required`): until it is set up the app shows only its set-up.
 */
export function markSecondFactorSetupDue(): void {
  if (readSecondFactorSetupDue()) return;
  sessionStorage.setItem(SECOND_FACTOR_DUE_KEY, '1');
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function clearSecondFactorSetupDue(): void {
  if (!readSecondFactorSetupDue()) return;
  sessionStorage.removeItem(SECOND_FACTOR_DUE_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

function readSecondFactorSetupDue(): boolean {
  return sessionStorage.getItem(SECOND_FACTOR_DUE_KEY) !== null;
}

export function useSecondFactorSetupDue(): boolean {
  return useSyncExternalStore(subscribe, readSecondFactorSetupDue, () => false);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The current session; re-renders when this or another tab logs in or out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

/** Id of the strategy the user worked on last, remembered locally (set by the strategy pages). */
export function readLastActiveStrategy(): string | null {
  const value = localStorage.getItem(LAST_ACTIVE_STRATEGY_KEY);
  return value && /^\d+$/.test(value) ? value : null;
}

// Each change is announced, so the header's links follow the strategy opened last at once.
function writeLastActiveStrategy(value: string | null): void {
  if (value === null) localStorage.removeItem(LAST_ACTIVE_STRATEGY_KEY);
  else localStorage.setItem(LAST_ACTIVE_STRATEGY_KEY, value);
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function rememberLastActiveStrategy(strategyId: number): void {
  if (readLastActiveStrategy() !== String(strategyId)) writeLastActiveStrategy(String(strategyId));
}

/** A deleted or no longer visible strategy must not be where "Strategy" and login lead. */
export function forgetLastActiveStrategy(strategyId: number): void {
  if (readLastActiveStrategy() === String(strategyId)) writeLastActiveStrategy(null);
}

/** The strategy opened last; re-renders when it changes in this tab or another. */
export function useLastActiveStrategy(): string | null {
  return useSyncExternalStore(subscribe, readLastActiveStrategy, () => null);
}
