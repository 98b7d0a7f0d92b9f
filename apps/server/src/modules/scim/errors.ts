/**
 * SCIM's own error answer (RFC 7644 §3.12): every failure of /scim/v2/ is this shape with the
 * SCIM media type, `status` as a string and, for 400 and 409, a `scimType` a provider's client
 * reads to decide whether to retry.
 */
export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 Table 9's detail error keywords that Keystone answers. */
type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'noTarget'
  | 'uniqueness'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType && { scimType }), detail };
}
