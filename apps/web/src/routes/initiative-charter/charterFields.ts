/** The charter's text fields in the spec's order (§2), with their headings, help topics and prompts. */
import { CHARTER_FIELD_LABELS, updateInitiativeRequest, updateTimelineRequest } from '@keystone/contract';
import type { CharterTextField } from '../../api/charterWire';
import type { ContractSchema } from '../../api/wireForms';
import type { HelpTopic } from '../../help/topics';

export interface CharterFieldSpec {
  field: CharterTextField;
  title: string;
  help?: HelpTopic;
  placeholder: string;
  /** The work plan is one line (spec §5). */
  singleLine?: boolean;
}

const spec = (field: CharterTextField, placeholder: string, help?: HelpTopic) => ({
  field,
  title: CHARTER_FIELD_LABELS[field],
  placeholder,
  help,
});

export const CHARTER_FIELDS = {
  problemStatement: spec(
    'problem_statement',
    'What is wrong today, who is affected, and what does it cost to leave it?',
    'problemStatement',
  ),
  inScope: spec('in_scope', 'What the initiative covers.', 'scope'),
  outScope: spec('out_scope', 'What it deliberately leaves out.', 'scope'),
  risks: spec('risks_and_dependencies', 'What might go wrong, and what you need from others.', 'risks'),
  deliverables: spec('deliverables', 'What the initiative hands over.', 'deliverables'),
  impact: spec('impact', 'What will change, and how you will measure it.', 'impact'),
  investment: spec('investment', 'People, money and time it needs.'),
  workPlan: { ...spec('work_plan', 'The plan in one line.'), singleLine: true },
} satisfies Record<string, CharterFieldSpec>;

function firstProblem(schema: ContractSchema, body: Record<string, string>): string | null {
  const result = schema.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The server's rule for a charter field (plain-text length, no line break in the work plan). */
export const charterFieldProblem = (field: CharterTextField, value: string) =>
  firstProblem(updateInitiativeRequest, { [field]: value });

/** A timeline description: single line, at most LIMITS.charterField characters. */
export const timelineDescriptionProblem = (description: string) =>
  firstProblem(updateTimelineRequest, { description });
