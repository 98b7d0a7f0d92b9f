/**
 * The single sign-on form's values as typed, turned into the contract's request, and the contract's
 * (or the server's) complaints put back at the fields they are about.
 */
import {
  SSO_MESSAGES,
  type SsoJoinRule,
  type SsoSettings,
  type UpdateSsoSettingsRequest,
  updateSsoSettingsRequest,
} from '@keystone/contract';

export interface SsoFormValues {
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret, when there is one. */
  clientSecret: string;
  /** As typed: separated by commas, semicolons or white space. */
  domains: string;
  joinRule: SsoJoinRule;
  required: boolean;
}

export type SsoFormField = 'issuer' | 'clientId' | 'clientSecret' | 'domains';
export type SsoFormErrors = Partial<Record<SsoFormField, string>>;

const WIRE_FIELDS: Record<string, SsoFormField> = {
  issuer: 'issuer',
  client_id: 'clientId',
  client_secret: 'clientSecret',
  domains: 'domains',
};

export function formValuesOf(settings: SsoSettings): SsoFormValues {
  return {
    issuer: settings.issuer,
    clientId: settings.client_id,
    clientSecret: '',
    domains: settings.domains.join(', '),
    joinRule: settings.join_rule,
    required: settings.required,
  };
}

/** Per-field messages keyed by wire name ("domains.2" is the domains field) onto the form's fields. */
export function formErrorsOf(errors: Record<string, readonly string[]>): SsoFormErrors {
  const found: SsoFormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = WIRE_FIELDS[key.split('.')[0] ?? ''];
    if (field && messages[0] && !found[field]) found[field] = messages[0];
  }
  return found;
}

/** The request, or what is wrong with the values by the contract's own rules (as the server would say). */
export function ssoRequestOf(
  values: SsoFormValues,
  secretStored: boolean,
): { request: UpdateSsoSettingsRequest } | { errors: SsoFormErrors } {
  const secret = values.clientSecret.trim();
  const parsed = updateSsoSettingsRequest.safeParse({
    issuer: values.issuer,
    client_id: values.clientId,
    ...(secret && { client_secret: secret }),
    domains: values.domains.split(/[\s,;]+/).filter(Boolean),
    join_rule: values.joinRule,
    required: values.required,
  });
  const errors: SsoFormErrors = {};
  if (!secret && !secretStored) errors.clientSecret = SSO_MESSAGES.clientSecretRequired;
  if (!parsed.success) {
    const byField: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      byField[key] = [...(byField[key] ?? []), issue.message];
    }
    Object.assign(errors, formErrorsOf(byField));
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { request: parsed.data };
}
