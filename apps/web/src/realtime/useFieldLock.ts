/**
 * The lock side of one editable field (spec §4 "Field lock"): whether the user may type in it now
 * (permission first, then another user's lock) and the focus handlers that take and release it.
 */
import { ANNOUNCEMENT_TEXT, type LockModel } from '@keystone/contract';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { type FieldLock, permissionLock } from '../components/LockableField';
import { useFieldAnnouncements } from './fieldAnnouncements';
import { FieldLockSession } from './fieldLockSession';
import { useRealtime } from './realtimeContext';

export interface FieldLockOptions {
  /** Whether the user's role allows editing this field (the contract's permission rules). */
  canEdit: boolean;
  /** Preview shows the page as a reader sees it: nothing is editable and nothing says why. */
  preview: boolean;
  /** The field's accessible label: screen readers are told about it by this name. */
  label: string;
}

export interface FieldLockState {
  /** Why the field cannot be edited now, for LockableField; null in preview or when it can. */
  lock: FieldLock | null;
  /** The field has focus: a new value from the server must not replace what is typed there. */
  editing: boolean;
  /** The name of someone else whose edit of this field just arrived (for a moment), else null. */
  editedBy: string | null;
  onFocus: () => void;
  onBlur: () => void;
}

export function useFieldLock(
  model: LockModel,
  resId: number,
  field: string,
  { canEdit, preview, label }: FieldLockOptions,
): FieldLockState {
  const realtime = useRealtime();
  const holder = useSyncExternalStore(realtime.locks.subscribe, () =>
    realtime.locks.holder({ model, resId, field }),
  );
  const editedBy = useSyncExternalStore(realtime.edits.subscribe, () =>
    realtime.edits.editorOf(model, resId, field),
  );
  const [editing, setEditing] = useState(false);
  const session = useMemo(() => {
    const target = { model, resId, field };
    return new FieldLockSession({ lock: () => realtime.lock(target), unlock: () => realtime.unlock(target) });
  }, [realtime, model, resId, field]);

  // Leaving the page (or the field going away) while typing releases the field.
  useEffect(() => () => session.blur(), [session]);
  // After a reconnection the server may have released the lock with the old socket.
  useEffect(() => realtime.onLocksOpen(() => session.relock()), [realtime, session]);

  // This user's lock vanished while the field still has focus (released by another tab of the
  // same user, or by the server tidying up an old socket of this page): take it back.
  const heldByMe = holder?.userId === realtime.userId;
  const wasHeldByMe = useRef(false);
  useEffect(() => {
    if (wasHeldByMe.current && holder === null) session.relock();
    wasHeldByMe.current = heldByMe;
  }, [holder, heldByMe, session]);

  const byOther: FieldLock | null =
    holder !== null && !heldByMe ? { reason: 'lockedByOther', userName: holder.user || null } : null;
  const lock = preview ? null : (permissionLock(canEdit) ?? byOther);
  useFieldAnnouncements({
    label,
    holder: byOther && (byOther.userName ?? ANNOUNCEMENT_TEXT.anotherUser),
    editing,
    mayEdit: canEdit && !preview,
    editedBy: preview ? null : editedBy,
  });

  return {
    lock,
    editing,
    editedBy: preview ? null : editedBy,
    onFocus: () => {
      setEditing(true);
      if (canEdit && !preview) session.focus();
    },
    onBlur: () => {
      setEditing(false);
      session.blur();
    },
  };
}
