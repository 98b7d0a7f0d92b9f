/**
 * The charter's approval history (issue 15): the initiative's activity entries of field
 * 'approval', newest first. The activity holds every change of the initiative, so one "page" of
 * steps reads activity pages (activity.ts) until it has a few steps, the history ends, or a few
 * reads are done.
 */
import {
  type ActivityEntry,
  APPROVAL_STEPS,
  type ApprovalStep,
  approvalWithdrawal,
  historyFieldKind,
  LIMITS,
} from '@keystone/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchInitiativeActivity } from './activity';
import { approvalHistoryKey } from './charterCache';
import type { Person } from './strategyWire';
import { toCamel } from './wireCase';

export interface ApprovalHistoryStep {
  id: number;
  step: ApprovalStep;
  /** Who took the step (for 'withdrawn', who made the edit); null for someone since removed. */
  by: Person | null;
  at: string;
  /** For 'withdrawn': the wire names of the charter parts the edit changed. */
  fields: string[];
}

export interface ApprovalHistoryPage {
  steps: ApprovalHistoryStep[];
  nextBefore: number | null;
}

const STEPS_PER_PAGE = 10;
const READS_PER_PAGE = 4;

const isStep = (value: unknown): value is ApprovalStep => APPROVAL_STEPS.some((step) => step === value);

function toStep(entry: ActivityEntry): ApprovalHistoryStep | null {
  if (historyFieldKind(entry.model, entry.field)?.value !== 'approvalStep' || !isStep(entry.new_value))
    return null;
  const withdrawal = approvalWithdrawal.safeParse(entry.old_value);
  return {
    id: entry.id,
    step: entry.new_value,
    by: entry.user && toCamel(entry.user),
    at: entry.created_at,
    fields: withdrawal.success ? withdrawal.data.fields : [],
  };
}

async function fetchSteps(initiativeId: number, before: number | null): Promise<ApprovalHistoryPage> {
  const steps: ApprovalHistoryStep[] = [];
  let cursor = before;
  for (let read = 0; read < READS_PER_PAGE; read++) {
    const page = await fetchInitiativeActivity(initiativeId, {
      limit: LIMITS.activityPageMax,
      before: cursor ?? undefined,
    });
    for (const entry of page.results) {
      const step = toStep(entry);
      if (step) steps.push(step);
    }
    cursor = page.next_before;
    if (cursor === null || steps.length >= STEPS_PER_PAGE) break;
  }
  return { steps, nextBefore: cursor };
}

export function useApprovalHistory(initiativeId: number) {
  return useInfiniteQuery({
    queryKey: approvalHistoryKey(initiativeId),
    queryFn: ({ pageParam }) => fetchSteps(initiativeId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}
