/** React side of autosave: one FieldSaver per field, reporting to the page's SaveStatusStore. */
import { TIMINGS } from '@keystone/contract';
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
import { FieldSaver, type FieldSaveSnapshot, UNSAVED_STATES } from './fieldSaver';
import { type PageSaveStatus, SaveStatusStore } from './saveStatus';

const SaveStatusContext = createContext<SaveStatusStore | null>(null);

/** Network failures, timeouts, conflicts (e.g. a field locked by someone else) and server errors pass. */
export function isRetryableSaveError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || [408, 409, 425, 429].includes(error.status) || error.status >= 500;
}

/** A 400 names the broken rule per field; otherwise the call's own failure text. */
export function describeSaveError(error: unknown, describeFailure: (error: unknown) => string): string {
  if (error instanceof ApiError) {
    const fieldMessage = Object.values(error.fieldErrors).flat()[0];
    if (fieldMessage) return fieldMessage;
  }
  return describeFailure(error);
}

/** Gives the page one SaveStatusStore and asks before leaving while an edit is unsent. */
export function SaveStatusProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SaveStatusStore());
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
  save: (value: T) => Promise<void>;
  validate: (value: T) => string | null;
  /** The text for a refused save: the server's message or the spec §8 default (failureMessage). */
  describeFailure: (error: unknown) => string;
}

export interface Autosave<T> {
  change: (value: T) => void;
  /** The rule or server message to show under the field. */
  error: string | null;
  /** False while an edit is waiting or travelling: a refetch must not replace the field's text then. */
  settled: boolean;
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
  const [snapshot, setSnapshot] = useState<FieldSaveSnapshot>({ state: 'idle', error: null });
  const [saver] = useState(
    () =>
      new FieldSaver<T>({
        save: (value) => latest.current.save(value),
        validate: (value) => latest.current.validate(value),
        isRetryable: isRetryableSaveError,
        describeError: (error) => describeSaveError(error, latest.current.describeFailure),
        debounceMs: TIMINGS.saveDebounceMs,
        onSaved: () => store?.markSaved(),
        onChange: (next) => {
          setSnapshot(next);
          // Nobody can act on a refused save of a field that is gone (e.g. its focus area was deleted).
          if (!mounted.current && next.state === 'failed') store?.forget(latest.current.fieldKey);
          else store?.report(latest.current.fieldKey, next.state);
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

  const change = useCallback((value: T) => saver.change(value), [saver]);
  const revert = useCallback(() => saver.revert(), [saver]);
  return { change, revert, error: snapshot.error, settled: !UNSAVED_STATES.has(snapshot.state) };
}
