/**
 * What the sponsor approval block shows (spec §4 "Sponsor approval", §6): derived from the
 * initiative and the user's rights only, so the rules are tested without rendering anything.
 */
import { CHARTER_MESSAGES, displayName } from '@keystone/contract';
import type { Person } from '../../api/strategyWire';
import { formatMoment } from '../../lib/calendarDays';

export type ApprovalStage = 'notRequested' | 'requested' | 'approved';

export interface ApprovalFacts {
  approved: boolean;
  requested: boolean;
  approvedBy: Person | null;
  approvedAt: string | null;
  canRequest: boolean;
  canApprove: boolean;
  /** A request or an approval call (and the reload after it) is running. */
  pending: boolean;
}

export interface ApprovalView {
  stage: ApprovalStage;
  requestLabel: string;
  requestDisabled: boolean;
  /** Why the request button is inactive, when a reason helps; '' otherwise. */
  requestTooltip: string;
  checked: boolean;
  checkboxDisabled: boolean;
  /** Why the checkbox is inactive for this user; '' for those who may approve. */
  approveTooltip: string;
  /** 'Approved by: {name} on {MM/DD/YYYY}' once approved. */
  approvedText: string | null;
}

export function approvalStage(facts: Pick<ApprovalFacts, 'approved' | 'requested'>): ApprovalStage {
  if (facts.approved) return 'approved';
  return facts.requested ? 'requested' : 'notRequested';
}

function approvedText(facts: ApprovalFacts): string | null {
  if (!facts.approved) return null;
  const name = facts.approvedBy ? displayName(facts.approvedBy) : CHARTER_MESSAGES.someSponsor;
  const date = formatMoment(facts.approvedAt);
  return date ? CHARTER_MESSAGES.approvedBy(name, date) : CHARTER_MESSAGES.approvedByUndated(name);
}

function requestTooltip(facts: ApprovalFacts, stage: ApprovalStage): string {
  if (!facts.canRequest) return CHARTER_MESSAGES.cannotRequestApproval;
  if (stage === 'approved') return CHARTER_MESSAGES.alreadyApproved;
  return '';
}

export function approvalView(facts: ApprovalFacts): ApprovalView {
  const stage = approvalStage(facts);
  return {
    stage,
    // Once asked, the button says so, also after the approval (which keeps it inactive).
    requestLabel: facts.requested
      ? CHARTER_MESSAGES.approvalRequestSent
      : CHARTER_MESSAGES.sendApprovalRequest,
    requestDisabled: !facts.canRequest || stage !== 'notRequested' || facts.pending,
    requestTooltip: requestTooltip(facts, stage),
    checked: facts.approved,
    checkboxDisabled: !facts.canApprove || facts.pending,
    approveTooltip: facts.canApprove ? '' : CHARTER_MESSAGES.cannotApprove,
    approvedText: approvedText(facts),
  };
}
