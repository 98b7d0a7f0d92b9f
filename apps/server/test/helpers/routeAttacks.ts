/**
 * The hostile requests of the generated hostile-input test, derived from the contract's route
 * declarations (API_ENDPOINTS): mutations of each call's valid request (routeSamples.ts), each with the
 * answer it must get. The
 * fields, their types and their limits come from the JSON Schema of the request schema, so a new
 * field is attacked as soon as the contract has it, and a new call as soon as the table has it.
 */

import type { Endpoint } from '@keystone/contract';
import { MAX_HTML_LENGTH, MESSAGES } from '@keystone/contract';
import { jsonSchema } from '../../src/http/jsonSchema';
import { type Caller, type Ids, pathOf, requestSchemaName, validBody } from './routeSamples';

// ---- a JSON Schema reading of the contract ---------------------------------------------------

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** Whether the object schema refuses keys it does not declare (a strict object). */
const isStrict = (schema: JsonSchema): boolean =>
  (schema.anyOf ?? [schema]).some(
    (variant) => variant.type === 'object' && variant.additionalProperties === false,
  );

export function requestJsonSchema(route: Endpoint): JsonSchema | undefined {
  if (!requestSchemaName(route) || !route.body) return undefined;
  return jsonSchema(route.body, 'input') as JsonSchema;
}

function fitsType(type: string, schema: JsonSchema, value: unknown): boolean {
  switch (type) {
    case 'string':
      return (
        typeof value === 'string' &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY)
      );
    case 'integer':
    case 'number': {
      // Ids and indexes also come as digits (a path's, or a form's).
      const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      return (
        typeof number === 'number' &&
        (type === 'number' || Number.isInteger(number)) &&
        number >= (schema.minimum ?? Number.NEGATIVE_INFINITY) &&
        number <= (schema.maximum ?? Number.POSITIVE_INFINITY) &&
        (schema.exclusiveMinimum === undefined || number > schema.exclusiveMinimum)
      );
    }
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return (
        Array.isArray(value) &&
        value.length >= (schema.minItems ?? 0) &&
        value.length <= (schema.maxItems ?? Number.POSITIVE_INFINITY) &&
        value.every((item) => !schema.items || fits(schema.items, item))
      );
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      return (
        (schema.required ?? []).every((key) => key in record) &&
        Object.entries(schema.properties ?? {}).every(
          ([key, property]) => !(key in record) || fits(property, record[key]),
        )
      );
    }
    default:
      return true;
  }
}

/** Whether the value is of a type, and within the limits, the schema allows. */
export function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((variant) => fits(variant, value));
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.type === undefined) return true;
  return [schema.type].flat().some((type) => fitsType(type, schema, value));
}

/** The string variant of a field's schema: itself, one of its anyOf, `{}` for any value, or none. */
function stringVariant(schema: JsonSchema): JsonSchema | undefined {
  if (schema.anyOf) return schema.anyOf.map(stringVariant).find((variant) => variant !== undefined);
  if (schema.type === undefined) return schema;
  return [schema.type].flat().includes('string') ? schema : undefined;
}

interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** The fields of a body: an object's properties, or the first item of an array body. */
function fieldsOf(schema: JsonSchema, body: unknown): Field[] {
  const variants = schema.anyOf ?? [schema];
  if (Array.isArray(body)) {
    const array = variants.find((variant) => variant.type === 'array');
    return array?.items ? [{ name: '0', schema: array.items, required: true }] : [];
  }
  const object = variants.find((variant) => variant.type === 'object');
  return Object.entries(object?.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: object?.required?.includes(name) ?? false,
  }));
}

function withField(body: unknown, field: string, value: unknown): unknown {
  if (Array.isArray(body)) return body.map((entry, index) => (String(index) === field ? value : entry));
  return { ...(body as object), [field]: value };
}

function withoutField(body: unknown, field: string): unknown {
  if (Array.isArray(body)) return body.filter((_entry, index) => String(index) !== field);
  const { [field]: _removed, ...rest } = body as Record<string, unknown>;
  return rest;
}

// ---- the attacks ---------------------------------------------------------------------------

/**
 * One hostile request. `expect`: 'refused' — a 4xx with a detail; 'handled' — anything but a 5xx
 * (a 2xx where the input is fine); 'asValid' — the status the valid request got (unknown fields
 * change nothing). `status`, `detail` and `errors`, where given, must be exactly so.
 */
export interface Attack {
  label: string;
  path: string;
  /** The body as sent (JSON text), or none. */
  payload?: string;
  expect: 'refused' | 'handled' | 'asValid';
  status?: number;
  detail?: string;
  errors?: Record<string, string[]>;
  /** Sent besides the usual ones (a content type other than JSON). */
  headers?: Record<string, string>;
  /** Sent without a key, or with a bogus one. */
  key?: 'none' | 'bogus';
  /** A rich-text field holding script: if stored, what is answered must be sanitised. */
  richField?: string;
}

const SWAPS: unknown[] = [42, -1, 0, 1.5, 2 ** 31, 'text', '', true, false, null, [], ['x'], {}, { $gt: '' }];
// Also shaped as addresses, so an email field's format check is no reason to refuse them.
const ALWAYS_REFUSED_TEXT = [
  'ab\u0000c',
  '\ud800',
  'x\udc00y',
  'ab\u0000c@evil.com',
  '\ud800x@evil.com',
  'x\udc00@evil.com',
];
const ODD_TEXT = [
  '😀👩‍👩‍👧‍👦',
  'مرحبا\u202eevil',
  'a\u200b\u200d\ufeffb',
  '😀👩‍👩‍👧‍👦@evil.com',
  'مرحبا\u202eevil@evil.com',
  'a\u200b\u200d\ufeff@evil.com',
  'e\u0301\u0301\u0301',
  "'; drop table users; --",
  "Robert'); DROP TABLE users;--",
  "' OR 1=1 --",
  '"; select pg_sleep(5); --',
  '{{7*7}} #{7*7} <%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%27',
  '   ',
];
const SCRIPT_TEXT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<p>Kept<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>',
];
export const ABSURD_IDS: Array<number | string> = [0, -1, 2 ** 31, 'abc', '1e3'];
/** A real id spelt another way: read as that id, it would slip past a rule written for the literal path. */
const LENIENT_SPELLINGS: Array<[string, (id: number | string) => string]> = [
  ['a leading space', (id) => ` ${id}`],
  ['a trailing space', (id) => `${id} `],
  ['a plus sign', (id) => `+${id}`],
  ['a leading zero', (id) => `0${id}`],
];
const EXTRA_FIELDS = (victim: { organisationId: number; userId: number }) => ({
  is_admin: true,
  is_staff: true,
  is_active: false,
  organisation_id: victim.organisationId,
  user_id: victim.userId,
  role: 'admin',
});
const DEPTH = 10_000;
const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
// Under the 1 MiB limit, so the parser itself meets it.
const DEEPEST_ARRAY = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
const OVER_ONE_MIB = 'x'.repeat(1_100_000);
const HUGE_TEXT = 'x'.repeat(100_000);
const MALFORMED_JSON = [
  '{"a":',
  '{"email":',
  "{'email': 1}",
  '{email: 1}',
  '[1,]',
  'nul',
  '{"a":1}}',
  '\u0000',
];
const NOT_JSON_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];
const BAD_REQUEST = { expect: 'refused', status: 400 } as const;

export interface AttackContext {
  own: Ids;
  victim: Ids;
  deleted: Ids;
  caller: Caller;
  victimOwner: { organisationId: number; userId: number };
}

/** Every attack on one call. */
export function attacksOn(route: Endpoint, ctx: AttackContext): Attack[] {
  const attacks: Attack[] = [];
  const destructive = route.method === 'DELETE';
  // A delete is never pointed at the attacker's own records: it would take the fixture away.
  const target = destructive ? ctx.victim : ctx.own;
  const path = pathOf(route, target);
  const schema = requestJsonSchema(route);
  const valid = validBody(route, target, ctx.caller);
  const json = (body: unknown) => JSON.stringify(body);
  const add = (label: string, expect: Attack['expect'], payload?: string, extra: Partial<Attack> = {}) =>
    attacks.push({ label, path, expect, ...(payload !== undefined && { payload }), ...extra });
  const refuse = (label: string, payload: string, extra: Partial<Attack> = {}) =>
    attacks.push({ label, path, payload, ...BAD_REQUEST, ...extra });

  // Ids: another organisation's, deleted, absurd, in the path, the query and the body alike.
  // `true`: no id at all, refused wherever it is; `400`: refused as no id, even where the id it
  // spells would be a record of the caller's (or, for a delete, one out of reach: not a 404).
  const variants: Array<[string, Ids, boolean | 400]> = [
    ['the other organisation', ctx.victim, false],
    ['deleted records', ctx.deleted, false],
    ...LENIENT_SPELLINGS.map(([how, spell]): [string, Ids, 400] => [
      `the target's ids with ${how}`,
      {
        strategy: spell(target.strategy),
        area: spell(target.area),
        initiative: spell(target.initiative),
        timeline: spell(target.timeline),
        comment: spell(target.comment),
        measure: spell(target.measure),
        session: spell(target.session),
        uid: target.uid,
        member: spell(target.member),
        invite: spell(target.invite),
        scimToken: spell(target.scimToken),
        accessToken: spell(target.accessToken),
        webhook: spell(target.webhook),
        webhookDelivery: spell(target.webhookDelivery),
      },
      400,
    ]),
    ...ABSURD_IDS.map((id): [string, Ids, boolean] => [
      `the absurd id ${id}`,
      {
        strategy: id,
        area: id,
        initiative: id,
        timeline: id,
        comment: id,
        measure: id,
        session: id,
        uid: String(id),
        member: id,
        invite: id,
        scimToken: id,
        accessToken: id,
        webhook: id,
        webhookDelivery: id,
      },
      true,
    ]),
  ];
  const ownPath = pathOf(route, ctx.own);
  const ownBody = json(validBody(route, ctx.own, ctx.caller));
  for (const [name, ids, absurd] of variants) {
    const body = validBody(route, ids, ctx.caller);
    const idPath = pathOf(route, ids);
    if (idPath === ownPath && json(body) === ownBody) continue; // The call names no record.
    // A query parameter only filters what the caller may see: a record out of reach filters
    // everything out (an empty answer, no leak), and only an id that is no id is refused.
    const onlyFiltered = idPath.split('?')[0] === ownPath.split('?')[0] && json(body) === ownBody;
    attacks.push({
      label: `ids of ${name}`,
      path: idPath,
      expect: onlyFiltered && !absurd ? 'handled' : 'refused',
      ...(absurd === 400 && { status: 400 }),
      ...(body !== undefined && { payload: json(body) }),
    });
  }
  if (route.auth) {
    add('no key', 'refused', valid === undefined ? undefined : json(valid), { key: 'none' });
    add('a bogus key', 'refused', valid === undefined ? undefined : json(valid), { key: 'bogus' });
  }

  if (!schema) {
    // A call without a body: whatever body comes is ignored or refused, never a 500.
    if (!destructive) add('valid', 'handled');
    for (const [label, payload] of [
      ['a body over 1 MiB', json({ pad: OVER_ONE_MIB })],
      [`JSON nested ${DEPTH} levels deep`, DEEP_ARRAY],
      ['malformed JSON', '{"a":'],
      ['SQL in a body', json({ id: "1'; drop table users; --" })],
    ] as const)
      add(label, 'handled', payload);
    return attacks;
  }

  add('valid', 'handled', json(valid));
  // Unknown fields change nothing: answered as the valid request (sent right after it, before a
  // run of failed logins makes the account wait), or refused where the schema is strict.
  const extra = EXTRA_FIELDS(ctx.victimOwner);
  const withExtra = json(
    Array.isArray(valid) ? { emails: valid, ...extra } : { ...(valid as object), ...extra },
  );
  if (isStrict(schema)) refuse('extra fields', withExtra);
  else add('extra fields', 'asValid', withExtra);

  // The body as a whole of the wrong type.
  for (const body of [42, 'text', true, [[]], [{ email: 'a@b.com' }], {}, []]) {
    if (fits(schema, body)) add(`a body of ${json(body)}`, 'handled', json(body));
    else refuse(`a body of ${json(body)}`, json(body));
  }
  add('a null body', 'handled', 'null');

  // Each field: wrong types, left out, odd text.
  const fields = fieldsOf(schema, valid);
  for (const field of fields) {
    for (const value of SWAPS) {
      const strict = !fits(field.schema, value) && (value !== null || field.required);
      const label = `${field.name}: ${json(value)}`;
      if (strict) refuse(label, json(withField(valid, field.name, value)));
      else add(label, 'handled', json(withField(valid, field.name, value)));
    }
    if (field.required) refuse(`${field.name} left out`, json(withoutField(valid, field.name)));
    if (field.schema.type !== undefined || field.schema.anyOf) {
      const marked = json(withField(valid, field.name, '__DEEP__')).replace('"__DEEP__"', DEEP_ARRAY);
      refuse(`${field.name}: nested ${DEPTH} levels deep`, marked);
    }
    const text = stringVariant(field.schema);
    if (!text) continue;
    for (const value of ALWAYS_REFUSED_TEXT)
      refuse(`${field.name}: ${json(value)}`, json(withField(valid, field.name, value)), {
        errors: { [field.name]: [MESSAGES.invalidCharacters] },
      });
    // Every typed text has a limit (a length, a list of values or a pattern).
    if (text.type !== undefined)
      refuse(`${field.name}: ${HUGE_TEXT.length} characters`, json(withField(valid, field.name, HUGE_TEXT)));
    const long = 'x'.repeat((text.maxLength ?? 100_000) + 1);
    add(
      `${field.name}: ${long.length} characters`,
      text.maxLength === undefined ? 'handled' : 'refused',
      json(withField(valid, field.name, long)),
    );
    for (const value of ODD_TEXT)
      add(`${field.name}: ${json(value)}`, 'handled', json(withField(valid, field.name, value)));
    const rich = text.maxLength === MAX_HTML_LENGTH;
    for (const value of SCRIPT_TEXT)
      add(`${field.name}: ${json(value)}`, 'handled', json(withField(valid, field.name, value)), {
        ...(rich && { richField: field.name }),
      });
  }
  if (fields.some((field) => field.required)) refuse('an empty object', '{}');

  // Prototype keys are refused.
  if (!Array.isArray(valid)) {
    const inner = json(valid).slice(1);
    refuse('a __proto__ key', `{"__proto__":{"is_admin":true},${inner}`);
    refuse('a constructor key', `{"constructor":{"prototype":{"is_admin":true}},${inner}`);
  }

  // The big payloads, once per call.
  const first = fields.find((field) => stringVariant(field.schema))?.name ?? fields[0]?.name ?? 'pad';
  if (route.bodyLimitBytes)
    // An upload's own, larger limit, answered in the words of what it uploads.
    add('a body over its limit', 'refused', json(withField(valid, first, 'x'.repeat(route.bodyLimitBytes))), {
      status: 413,
    });
  else
    add('a body over 1 MiB', 'refused', json(withField(valid, first, OVER_ONE_MIB)), {
      status: 413,
      detail: MESSAGES.bodyTooLarge,
    });
  add(`a whole body nested ${DEPTH} levels deep`, 'refused', DEEP_ARRAY);
  add('a whole body nested 500,000 levels deep', 'refused', DEEPEST_ARRAY);
  add(
    `an object nested ${DEPTH} levels deep`,
    fields.some((field) => field.required) ? 'refused' : 'handled',
    DEEP_OBJECT,
  );
  for (const text of MALFORMED_JSON)
    refuse(`the malformed JSON ${json(text)}`, text, { detail: MESSAGES.malformedJson });
  for (const type of NOT_JSON_TYPES)
    add(`a body of ${type}`, 'refused', 'email=a%40b.com&password=x', { headers: { 'content-type': type } });
  return attacks;
}
