/**
 * A webhook's address and secrets are kept sealed (lib/encryption.ts): a Slack or Teams address is
 * itself a credential, and a signing secret must be read back to sign. Each is bound to its
 * organisation (core/sealedSecrets.ts), so a value copied into another organisation's row does not open.
 */
import { secretPurpose } from '../../core/sealedSecrets';
import type { SecretBox } from '../../lib/encryption';
import type { SigningSecrets } from './formatters';

export const sealEndpointUrl = (box: SecretBox, organisationId: number, url: string) =>
  box.seal(url, secretPurpose.webhookUrl(organisationId));

export const openEndpointUrl = (box: SecretBox, organisationId: number, sealed: string) =>
  box.open(sealed, secretPurpose.webhookUrl(organisationId));

export const sealEndpointSecret = (box: SecretBox, organisationId: number, secret: string) =>
  box.seal(secret, secretPurpose.webhookSecret(organisationId));

export function openEndpointSecrets(
  box: SecretBox,
  organisationId: number,
  current: string,
  previous: string | null,
): SigningSecrets {
  const purpose = secretPurpose.webhookSecret(organisationId);
  return {
    current: box.open(current, purpose),
    previous: previous === null ? null : box.open(previous, purpose),
  };
}
