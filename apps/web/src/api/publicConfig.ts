/** GET /api/config/: what the browser may know before login (which sign-in methods exist). */
import type { PublicConfig as WirePublicConfig } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { type Camel, toCamel } from './wireCase';

/** needsSetup: no organisation exists yet, so the login page points to the setup link in the server's log. */
export type PublicConfig = Camel<WirePublicConfig>;
export type GoogleSignInConfig = NonNullable<PublicConfig['google']>;

async function fetchPublicConfig(): Promise<PublicConfig> {
  return toCamel(await apiRequest(authApi.config, {}));
}

export function usePublicConfig() {
  // The configuration only changes when the server restarts.
  return useQuery({
    queryKey: ['publicConfig'],
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
