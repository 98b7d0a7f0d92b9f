/**
 * The contract's zod schemas as JSON Schema, and the names the contract gives them
 * (`.meta({ id })`, kept in zod's global registry): the API document and the hostile-input test
 * read both from here.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** The contract's name of a schema (its `.meta({ id })`), if it has one. */
export const schemaName = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

/**
 * The global registry's metadata (descriptions) without the names: z.toJSONSchema would move every
 * named schema it meets into `$defs`, whereas the document writes a schema out in full and refers
 * by name only to a whole body or answer (apiDocs.ts).
 */
class MetadataWithoutNames extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  override get(schema: z.core.$ZodType): z.core.GlobalMeta | undefined {
    const { id: _name, ...meta } = z.globalRegistry.get(schema) ?? {};
    return Object.keys(meta).length > 0 ? meta : undefined;
  }
}
const metadata = new MetadataWithoutNames();

/** A schema written out in full as JSON Schema 2020-12 (without `$schema`), as sent or as answered. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    metadata,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}
