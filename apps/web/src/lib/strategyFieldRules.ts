/**
 * The rules of a strategy's text fields (title, ambition, focus-area and initiative titles), read
 * from the contract's request schemas so the browser refuses exactly what the server would, with
 * the same spec messages (§5).
 */
import { updateFocusAreaRequest, updateInitiativeRequest, updateStrategyRequest } from '@keystone/contract';
import type { ContractSchema } from '../api/wireForms';

function firstProblem(schema: ContractSchema, body: Record<string, string>): string | null {
  const result = schema.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export const strategyTitleProblem = (title: string) => firstProblem(updateStrategyRequest, { title });
export const ambitionProblem = (ambition: string) => firstProblem(updateStrategyRequest, { ambition });
export const focusAreaTitleProblem = (title: string) => firstProblem(updateFocusAreaRequest, { title });
export const initiativeTitleProblem = (title: string) => firstProblem(updateInitiativeRequest, { title });
