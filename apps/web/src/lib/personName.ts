/** How a person is named wherever they appear by their role. */
import { DEACTIVATED_MARK, displayName } from '@keystone/contract';
import type { Person } from '../api/strategyWire';

/** Someone invited but not signed up yet has no name: their address stands in. A deactivated
 * person keeps their place on the strategy, marked. */
export function personName(person: Person): string {
  const name = displayName(person);
  return person.isActive === false ? `${name} ${DEACTIVATED_MARK}` : name;
}
