/** Who receives the progress report (spec §2, §3): masters always, the chosen roles, and extra addresses. */
import { PROGRESS_MESSAGES } from '@keystone/contract';
import type { Control } from 'react-hook-form';
import { RecipientChoices } from './RecipientChoices';
import { SettingsSection } from './SettingsSection';
import { SettingsTextField } from './SettingsTextField';
import type { SettingsFormValues } from './settingsRules';

export function RecipientsSection({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <SettingsSection heading="Report recipients">
      <RecipientChoices
        legend="Send the progress report to"
        control={control}
        choices={[
          { label: 'Strategy masters' },
          { label: 'Sponsors', field: 'sendToSponsors' },
          { label: 'Owners', field: 'sendToOwners' },
          { label: 'Team members', field: 'sendToTeamMembers' },
        ]}
      />
      <SettingsTextField
        control={control}
        name="additionalRecipients"
        label="Additional recipients"
        placeholder="name@example.com, other@example.com"
        helperText={PROGRESS_MESSAGES.additionalRecipientsHelp}
      />
    </SettingsSection>
  );
}
