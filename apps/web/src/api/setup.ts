/** First run: whether a setup link works, and the setup that creates the organisation and logs in. */
import { loginResponse, setupStatusResponse } from '@keystone/contract';
import { legacyApiRequest } from './client';
import type { Session } from './session';
import type { WireNames } from './wireForms';
import { toWire } from './wireForms';

export interface OrganisationSetup {
  token: string;
  organisationName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeatPassword: string;
}

export const organisationSetupWire: WireNames<OrganisationSetup> = {
  token: 'token',
  organisationName: 'organisation_name',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  password: 'password1',
  repeatPassword: 'password2',
};

export async function setupLinkIsValid(token: string): Promise<boolean> {
  const answer = await legacyApiRequest(`/setup/${encodeURIComponent(token)}/`, {
    response: setupStatusResponse,
  });
  return answer.valid;
}

/** Creates the organisation and its administrator; resolves to the administrator's session. */
export async function setUpOrganisation(setup: OrganisationSetup): Promise<Session> {
  const answer = await legacyApiRequest('/setup/', {
    method: 'POST',
    body: toWire(setup, organisationSetupWire),
    response: loginResponse,
  });
  return { id: answer.user_id, token: answer.key };
}
