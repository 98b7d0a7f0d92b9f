/** GET /organisation/strategies/: every strategy of the organisation, for its administrators. */
import { organisationStrategySchema } from '@keystone/contract';
import { useQuery } from '@tanstack/react-query';
import { legacyApiRequest } from './client';
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
      (
        await legacyApiRequest('/organisation/strategies/', { response: organisationStrategySchema.array() })
      ).map((wire) => ({
        id: wire.id,
        title: wire.title,
        strategyMasters: wire.strategy_masters.map(toPerson),
      })),
    enabled,
  });
}
