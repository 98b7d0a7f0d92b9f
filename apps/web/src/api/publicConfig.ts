/** GET /api/config: what the browser may know before login (which sign-in methods exist). */
import { publicConfigResponse } from '@keystone/contract';
import { useQuery } from '@tanstack/react-query';
import { legacyApiRequest } from './client';

export interface GoogleSignInConfig {
  clientId: string;
  authorizationEndpoint: string;
  redirectUri: string;
}

export interface PublicConfig {
  productName: string;
  google: GoogleSignInConfig | null;
  /** No organisation exists yet: the login page points to the setup link in the server's log. */
  needsSetup: boolean;
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  const answer = await legacyApiRequest('/config', { response: publicConfigResponse });
  return {
    productName: answer.product_name,
    google: answer.google && {
      clientId: answer.google.client_id,
      authorizationEndpoint: answer.google.authorization_endpoint,
      redirectUri: answer.google.redirect_uri,
    },
    needsSetup: answer.needs_setup,
  };
}

export function usePublicConfig() {
  // The configuration only changes when the server restarts.
  return useQuery({
    queryKey: ['publicConfig'],
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
