/** The error body of DESIGN §3: a message, plus per-field messages for bad input. */
import { z } from 'zod';

export const errorResponse = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Turns zod issues into `{field: [messages]}` keyed by the dotted path ('' for the body itself). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}
