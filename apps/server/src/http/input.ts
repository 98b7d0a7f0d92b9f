/** Request input parsed with the contract's schemas: a bad value is a 400 naming its field, never a 500. */
import { fieldErrors, MESSAGES } from '@keystone/contract';
import type { z } from 'zod';
import { badRequest } from '../core/errors';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The dotted path of the first string PostgreSQL cannot store (a NUL character) or that is not
 * text at all (a lone UTF-16 surrogate, from a JSON escape such as "\ud800"), or null.
 * Iterative, because a 1 MiB body may nest hundreds of thousands of levels deep.
 */
function unstorableTextPath(input: unknown): string | null {
  const pending: Array<[unknown, string]> = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return path;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** Parses input with a contract schema; the first message becomes `detail`, all go in `errors`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const badTextPath = unstorableTextPath(input);
  if (badTextPath !== null) {
    throw badRequest(MESSAGES.invalidCharacters, {
      [badTextPath || 'non_field_errors']: [MESSAGES.invalidCharacters],
    });
  }
  return parseWithSchema(schema, input);
}

/**
 * parseInput without the stored-text check, for input never stored as text: a path parameter
 * (an id, or a link's token, which an odd character makes an invalid link like any other).
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first = result.error.issues[0];
  throw badRequest(first?.message ?? MESSAGES.invalidInput, errors);
}
