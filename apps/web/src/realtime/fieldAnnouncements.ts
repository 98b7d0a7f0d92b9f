/**
 * What one field tells screen readers about other people (WCAG 4.1.3): someone took it or let it
 * go, someone's edit of it arrived, or the user went into it and found it taken. Only changes are
 * told, never the state a field is found in, and nothing about the user's own typing.
 */
import { ANNOUNCEMENT_TEXT } from '@keystone/contract';
import { useEffect, useRef } from 'react';
import { announce } from '../lib/announcer';

interface FieldNews {
  /** The field's accessible label, which names it in every message. */
  label: string;
  /** Someone else holding the field's lock (their name), or null. */
  holder: string | null;
  /** The user is in the field (so a lock taken by someone else refused theirs). */
  editing: boolean;
  /** Whether the user may edit the field: readers are not told about locks they cannot take. */
  mayEdit: boolean;
  /** Someone else whose edit of the field just arrived, or null (a burst of edits keeps it set). */
  editedBy: string | null;
}

export function useFieldAnnouncements({ label, holder, editing, mayEdit, editedBy }: FieldNews): void {
  const lastHolder = useRef(holder);
  // `editing` is read, not watched: going into a field someone already holds is said by the field itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the holder changes
  useEffect(() => {
    const before = lastHolder.current;
    lastHolder.current = holder;
    if (!mayEdit || holder === before) return;
    const key = `lock:${label}`;
    if (holder === null) {
      if (before !== null) announce(ANNOUNCEMENT_TEXT.fieldReleased(label, before), { key });
    } else if (editing) {
      announce(ANNOUNCEMENT_TEXT.lockRefused(label, holder), { key, politeness: 'assertive' });
    } else {
      announce(ANNOUNCEMENT_TEXT.fieldTaken(label, holder), { key });
    }
  }, [holder, label, mayEdit]);

  const lastEditor = useRef(editedBy);
  useEffect(() => {
    const before = lastEditor.current;
    lastEditor.current = editedBy;
    if (editedBy !== null && editedBy !== before)
      announce(ANNOUNCEMENT_TEXT.liveEdit(editedBy, label), { key: `edit:${label}` });
  }, [editedBy, label]);
}
