/** Whether a page's first reads have all answered, so that its sections can show together. */
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * True once each read has answered at least once, with data or with an error, and from then on.
 * A failed read is read again when a section using it mounts, and is pending meanwhile: waiting on
 * `isPending` would hide that section, unmount it, and start over without end.
 */
export function answeredOnce(reads: readonly Pick<UseQueryResult, 'isFetched'>[]): boolean {
  return reads.every((read) => read.isFetched);
}
