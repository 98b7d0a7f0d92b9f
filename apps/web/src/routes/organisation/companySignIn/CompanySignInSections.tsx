/**
 * The organisation page's company sign-in sections (issue 31), loaded apart from the page: the
 * provider, the two-factor policy and SCIM provisioning.
 */
import { MFA_POLICY_LABELS, SCIM_LABELS, SSO_SETTINGS_LABELS } from '@keystone/contract';
import { SettingsSection } from '../../../components/SettingsSection';
import { MfaPolicySection } from './MfaPolicySection';
import { ScimSection } from './ScimSection';
import { SsoSettingsSection } from './SsoSettingsSection';

export function CompanySignInSections() {
  return (
    <>
      <SettingsSection heading={SSO_SETTINGS_LABELS.heading}>
        <SsoSettingsSection />
      </SettingsSection>
      <SettingsSection heading={MFA_POLICY_LABELS.heading}>
        <MfaPolicySection />
      </SettingsSection>
      <SettingsSection heading={SCIM_LABELS.heading}>
        <ScimSection />
      </SettingsSection>
    </>
  );
}
