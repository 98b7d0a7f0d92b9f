/** React side of autosave: one FieldSaver per field, reporting to the page's SaveStatusStore. */
import { ANNOUNCEMENT_TEXT, TIMINGS } from '@keystone/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { ApiError } from '../../api/client';
import { announce } from '../announcer';
import {
  FieldSaver,
  type FieldSaveSnapshot,
  type StaleEdit,
  type Stored,
  UNSAVED_STATES,
} from './fieldSaver';
import { type PageSaveStatus, SaveStatusStore } from './saveStatus';

export type { StaleEdit, Stored } from './fieldSaver';

const SaveStatusContext = createContext<SaveStatusStore | null>(null);

/** Network failures, timeouts, conflicts (e.g. a field locked by someone else) and server errors pass. */
export function isRetryableSaveError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || [408, 409, 425, 429].includes(error.status) || error.status >= 500;
}

/** A 400 names the broken rule per field; otherwise the call's own failure text. */
export function describeSaveError(error: unknown, describeFailure: (error: unknown) => string): string {
  // No answer at all: the call's own failure text ("Failed to update …") would not say why.
  if (error instanceof ApiError && error.status === 0) return ANNOUNCEMENT_TEXT.serverUnreachable;
  if (error instanceof ApiError) {
    const fieldMessage = Object.values(error.fieldErrors).flat()[0];
    if (fieldMessage) return fieldMessage;
  }
  return describeFailure(error);
}

/** Gives the page one SaveStatusStore and asks before leaving while an edit is unsent. */
export function SaveStatusProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SaveStatusStore(announce));
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (store.hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [store]);
  return <SaveStatusContext.Provider value={store}>{children}</SaveStatusContext.Provider>;
}

export function usePageSaveStatus(): PageSaveStatus {
  const store = useContext(SaveStatusContext);
  if (!store) throw new Error('usePageSaveStatus needs a SaveStatusProvider');
  return useSyncExternalStore(store.subscribe, store.getStatus);
}

export interface AutosaveOptions<T> {
  /** Unique on the page, e.g. 'initiative:12:title'. */
  fieldKey: string;
  /** The field's value as the page holds it from the server, with its record's version. */
  stored: Stored<T>;
  /** Sends the value as an edit of `version`; answers the stored value and the record's new version. */
  save: (value: T, version: number | undefined) => Promise<Stored<T>>;
  /** The other person's text when a save was refused as stale (see api/staleEdits). */
  staleEdit: (error: unknown) => StaleEdit<T> | null;
  validate: (value: T) => string | null;
  /** Whether two values are the same (default: ===). */
  same?: (a: T, b: T) => boolean;
  /** The text for a refused save: the server's message or the spec §8 default (failureMessage). */
  describeFailure: (error: unknown) => string;
}

export interface AutosaveConflict<T> {
  theirs: T;
  mine: T;
  /** Who changed it, or null when unknown. */
  changedBy: string | null;
  keepTheirs: () => void;
  keepMine: () => void;
}

export interface Autosave<T> {
  change: (value: T) => void;
  /**
   * The field now shows the stored value (taken from the server, nothing typed since): its
   * version becomes the base of the next edit.
   */
  shown: (value: T) => void;
  /** The rule or server message to show under the field. */
  error: string | null;
  /** False while an edit is waiting, travelling or in conflict: a refetch must not replace the field's text then. */
  settled: boolean;
  /** Set while someone else's newer text waits for the user's choice. */
  conflict: AutosaveConflict<T> | null;
  /** The field shows the stored value again: a rule message about the text it replaced goes. */
  revert: () => void;
}

export function useAutosave<T>(options: AutosaveOptions<T>): Autosave<T> {
  const store = useContext(SaveStatusContext);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const mounted = useRef(true);
  const [snapshot, setSnapshot] = useState<FieldSaveSnapshot<T>>({ state: 'idle', error: null });
  const [saver] = useState(
    () =>
      new FieldSaver<T>({
        save: (value, version) => latest.current.save(value, version),
        validate: (value) => latest.current.validate(value),
        same: (a, b) => (latest.current.same ?? Object.is)(a, b),
        isRetryable: isRetryableSaveError,
        staleEdit: (error) => latest.current.staleEdit(error),
        describeError: (error) => describeSaveError(error, latest.current.describeFailure),
        debounceMs: TIMINGS.saveDebounceMs,
        onSaved: () => store?.markSaved(),
        onChange: (next) => {
          setSnapshot(next);
          // Nobody can act on a refused save of a field that is gone (e.g. its focus area was deleted).
          if (!mounted.current && (next.state === 'failed' || next.state === 'conflict'))
            store?.forget(latest.current.fieldKey);
          else store?.report(latest.current.fieldKey, next.state, next.error ?? next.retryReason ?? null);
        },
      }),
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // An edit still waiting for the pause in typing is sent now; retries carry on in the background.
      saver.flush();
      if (!UNSAVED_STATES.has(saver.current.state)) store?.forget(latest.current.fieldKey);
    };
  }, [saver, store]);

  // What the field shows from the server; null once the user typed.
  const shownValue = useRef<{ value: T } | null>(null);
  const adoptShown = useCallback(() => {
    const { stored, same = Object.is } = latest.current;
    if (shownValue.current !== null && same(shownValue.current.value, stored.value))
      saver.showsStored(stored);
  }, [saver]);
  // A newer version of the same text (another field of the record changed) moves the base too.
  const { value: storedValue, version: storedVersion } = options.stored;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the stored value or version changes
  useEffect(adoptShown, [adoptShown, storedValue, storedVersion]);

  const change = useCallback(
    (value: T) => {
      shownValue.current = null;
      saver.change(value);
    },
    [saver],
  );
  const revert = useCallback(() => saver.revert(), [saver]);
  const shown = useCallback(
    (value: T) => {
      shownValue.current = { value };
      adoptShown();
    },
    [adoptShown],
  );
  const keepTheirs = useCallback(() => saver.keepTheirs(), [saver]);
  const keepMine = useCallback(() => saver.keepMine(), [saver]);
  const open = snapshot.conflict;
  return {
    change,
    shown,
    revert,
    error: snapshot.error,
    settled: !UNSAVED_STATES.has(snapshot.state),
    conflict: open
      ? { theirs: open.theirs.value, mine: open.mine, changedBy: open.changedBy, keepTheirs, keepMine }
      : null,
  };
}
