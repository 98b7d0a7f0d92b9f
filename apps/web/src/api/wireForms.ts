/**
 * Forms hold camelCase values; the contract's schemas (and their spec messages) speak the
 * snake_case wire format. These helpers translate between the two, using one name map per form.
 */
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/** Form field → wire field name (of the request W, when given: then toWire answers a W). */
export type WireNames<F, W = Record<string, unknown>> = {
  readonly [K in keyof F & string]: keyof W & string;
};

interface ContractIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Any contract (zod) schema, typed structurally to keep zod out of the web code. */
export interface ContractSchema {
  safeParse(
    data: unknown,
  ): { success: true } | { success: false; error: { issues: readonly ContractIssue[] } };
}

/** The form's values under their wire names; the name map's type says they make a W. */
export function toWire<F extends object, W = Record<string, unknown>>(values: F, names: WireNames<F, W>): W {
  const wire: Record<string, unknown> = {};
  for (const field of Object.keys(names) as (keyof F & string)[]) wire[names[field]] = values[field];
  return wire as W;
}

function formFieldOf<F>(names: WireNames<F>, wireField: string): (keyof F & string) | undefined {
  return (Object.keys(names) as (keyof F & string)[]).find((field) => names[field] === wireField);
}

/**
 * A react-hook-form resolver that validates with a contract schema. Each field shows its first
 * problem; `renamedMessages` lets a screen use a different spec text for the same rule.
 */
export function contractResolver<F extends FieldValues>(
  schema: ContractSchema,
  names: WireNames<F>,
  renamedMessages: Readonly<Record<string, string>> = {},
): Resolver<F> {
  return async (values) => {
    const result = schema.safeParse(toWire(values, names));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = formFieldOf(names, String(issue.path[0] ?? ''));
      if (field === undefined || errors[field]) continue;
      errors[field] = { type: 'contract', message: renamedMessages[issue.message] ?? issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<F> };
  };
}

/** Puts a 400's per-field messages under the matching inputs; true when at least one was shown. */
export function showServerFieldErrors<F extends FieldValues>(
  error: unknown,
  names: WireNames<F>,
  setError: UseFormSetError<F>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [wireField, messages] of Object.entries(error.fieldErrors)) {
    const field = formFieldOf(names, wireField);
    const message = messages[0];
    if (field === undefined || message === undefined) continue;
    setError(field as Path<F>, { type: 'server', message });
    shown = true;
  }
  return shown;
}
