/** The charter's text fields in the spec's order (§2), with their headings, help topics and prompts. */
import { updateInitiativeRequest, updateTimelineRequest } from '@keystone/contract';
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

const spec = (field: CharterTextField, title: string, placeholder: string, help?: HelpTopic) => ({
  field,
  title,
  placeholder,
  help,
});

export const CHARTER_FIELDS = {
  problemStatement: spec(
    'problem_statement',
    'Problem statement',
    'What is wrong today, who is affected, and what does it cost to leave it?',
    'problemStatement',
  ),
  inScope: spec('in_scope', 'In scope', 'What the initiative covers.', 'scope'),
  outScope: spec('out_scope', 'Out of scope', 'What it deliberately leaves out.', 'scope'),
  risks: spec(
    'risks_and_dependencies',
    'Risks and dependencies',
    'What might go wrong, and what you need from others.',
    'risks',
  ),
  deliverables: spec('deliverables', 'Deliverables', 'What the initiative hands over.', 'deliverables'),
  impact: spec('impact', 'Impact', 'What will change, and how you will measure it.', 'impact'),
  investment: spec('investment', 'Investment', 'People, money and time it needs.'),
  workPlan: { ...spec('work_plan', 'Work plan', 'The plan in one line.'), singleLine: true },
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
