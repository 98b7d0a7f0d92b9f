/** GET /organisation/strategies/: every strategy of the organisation, for its administrators. */

import type { OrganisationStrategy as WireOrganisationStrategy } from '@keystone/contract';
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { type Camel, toCamel } from './wireCase';

export type OrganisationStrategy = Camel<WireOrganisationStrategy>;

export const organisationStrategiesKey = ['organisationStrategies'] as const;

export function useOrganisationStrategies(enabled = true) {
  return useQuery({
    queryKey: organisationStrategiesKey,
    queryFn: async (): Promise<OrganisationStrategy[]> =>
      toCamel(await apiRequest(organisationApi.strategies, {})),
    enabled,
  });
}
