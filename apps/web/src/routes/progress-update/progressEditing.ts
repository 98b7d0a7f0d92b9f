/** What every part of the progress page needs: whose page it is, which due date it shows, and its reports. */
import type { CommentType, LockedReading, StrategyRoles } from '@keystone/contract';
import { createContext, useContext } from 'react';

/** Text a user wrote into a comment whose due date passed before it could be saved. */
export interface UnsavedDraft {
  initiativeId: number;
  commentType: CommentType;
  /** The HTML the server refused. */
  html: string;
}

export interface ProgressEditing {
  strategyId: number;
  userId: number;
  roles: StrategyRoles;
  /** The current period (editable for those with the progress right); false for a locked due date. */
  current: boolean;
  /** The locked due date on display (ISO), null in the current view. */
  lockedDate: string | null;
  /** The measures' readings locked at that date, by measure id; null in the current view. */
  lockedReadings: ReadonlyMap<number, LockedReading> | null;
  /** The strategy's time zone, in which due dates are shown. */
  timeZone: string;
  /** Shows a failed call in the page's snackbar. */
  reportError: (message: string) => void;
  /** A save was refused because the due date passed (409): keep the text and reload the page. */
  keepUnsavedDraft: (draft: UnsavedDraft) => void;
  /** Texts kept that way, shown beside the comment they were written for until dismissed. */
  drafts: UnsavedDraft[];
  dismissDraft: (draft: UnsavedDraft) => void;
}

export const ProgressEditingContext = createContext<ProgressEditing | null>(null);

export function useProgressEditing(): ProgressEditing {
  const editing = useContext(ProgressEditingContext);
  if (!editing) throw new Error('useProgressEditing needs a ProgressEditingContext');
  return editing;
}
