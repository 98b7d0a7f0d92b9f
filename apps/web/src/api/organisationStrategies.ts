/** GET /organisation/strategies/: every strategy of the organisation, for its administrators. */
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { type Person, toPerson } from './strategyWire';

export interface OrganisationStrategy {
  id: number;
  title: string;
  strategyMasters: Person[];
}

export const organisationStrategiesKey = ['organisationStrategies'] as const;

export function useOrganisationStrategies(enabled = true) {
  return useQuery({
    queryKey: organisationStrategiesKey,
    queryFn: async (): Promise<OrganisationStrategy[]> =>
      (await apiRequest(organisationApi.strategies, {})).map((wire) => ({
        id: wire.id,
        title: wire.title,
        strategyMasters: wire.strategy_masters.map(toPerson),
      })),
    enabled,
  });
}
