/** What every part of the charter page needs to know: which initiative, and whether the user may edit it. */
import { createContext, useContext } from 'react';

export interface CharterEditing {
  initiativeId: number;
  strategyId: number;
  /** Owner, sponsor or strategy master (canEditInitiative): charter fields and timelines. */
  canEdit: boolean;
  /** Shows a failed call (add or delete a row, a load) in the page's snackbar. */
  reportError: (message: string) => void;
  /** Runs an edit that is no typing (add or delete a row), asking first when it withdraws an approval. */
  beforeEdit: (edit: () => void) => void;
}

export const CharterEditingContext = createContext<CharterEditing | null>(null);

export function useCharterEditing(): CharterEditing {
  const editing = useContext(CharterEditingContext);
  if (!editing) throw new Error('useCharterEditing needs a CharterEditingContext');
  return editing;
}
