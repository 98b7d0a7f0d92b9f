/** First run: whether a setup link works, and the setup that creates the organisation and logs in. */
import type { SetupRequest } from '@keystone/contract';
import { setupApi } from '@keystone/contract/endpoints/setup';
import { apiRequest } from './client';
import type { Session } from './session';
import { toWire, type WireNames } from './wireForms';

export interface OrganisationSetup {
  token: string;
  organisationName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeatPassword: string;
}

export const organisationSetupWire: WireNames<OrganisationSetup, SetupRequest> = {
  token: 'token',
  organisationName: 'organisation_name',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  password: 'password1',
  repeatPassword: 'password2',
};

export async function setupLinkIsValid(token: string): Promise<boolean> {
  const answer = await apiRequest(setupApi.status, { params: { token } });
  return answer.valid;
}

/** Creates the organisation and its administrator; resolves to the administrator's session. */
export async function setUpOrganisation(setup: OrganisationSetup): Promise<Session> {
  const answer = await apiRequest(setupApi.complete, { body: toWire(setup, organisationSetupWire) });
  return { id: answer.user_id, token: answer.key };
}
