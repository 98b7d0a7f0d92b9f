/** A blank initiative in its wire form (as GET /api/strategy sends it), for browser tests. */
import type { Initiative } from '@keystone/contract';

const stamp = '2026-01-01T00:00:00Z';

export function wireInitiative(id: number, focusArea: number, fields: Partial<Initiative> = {}): Initiative {
  return {
    id,
    model: 'initiative',
    version: 1,
    title: '',
    problem_statement: '',
    in_scope: '',
    out_scope: '',
    deliverables: '',
    risks_and_dependencies: '',
    impact: '',
    investment: '',
    work_plan: '',
    status: 'IN',
    last_status: null,
    last_progress_update: null,
    last_progress_comment: null,
    sponsor_approval: false,
    sponsor_approval_at: null,
    sponsor_approval_requested: false,
    sponsor_approval_user: null,
    sort_index: id,
    focus_area: focusArea,
    sponsor: null,
    owners: [],
    sponsors: [],
    team_members: [],
    comments: [],
    measures: [],
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  };
}
