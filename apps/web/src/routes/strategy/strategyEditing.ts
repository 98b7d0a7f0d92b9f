/** What every part of the strategy page needs to know about who edits it and how it is shown. */
import type { StrategyRoles } from '@keystone/contract';
import { createContext, useContext } from 'react';

export interface StrategyEditing {
  strategyId: number;
  userId: number;
  roles: StrategyRoles;
  /** Strategy master: edits the strategy and its structure (canEditStrategy). */
  isMaster: boolean;
  /** Preview and image export show the page as a reader sees it: nothing editable, no controls. */
  preview: boolean;
  /** Shows a failed structural change (create, move, delete) to the user. */
  reportError: (message: string) => void;
}

export const StrategyEditingContext = createContext<StrategyEditing | null>(null);

export function useStrategyEditing(): StrategyEditing {
  const editing = useContext(StrategyEditingContext);
  if (!editing) throw new Error('useStrategyEditing needs a StrategyEditingContext');
  return editing;
}
