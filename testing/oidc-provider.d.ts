/**
 * The few parts of oidc-provider 8 (which ships no types) that testing/oidcProvider.ts uses.
 * @types/oidc-provider would be a second dependency for five members.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface Context {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: Provider;
    };
  }

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[] | null>;
    conformIdTokenClaims: boolean;
    pkce: { required: () => boolean };
    features: Record<string, { enabled: boolean }>;
    interactions: { url: (ctx: Context, interaction: { uid: string }) => string };
    findAccount: (ctx: Context, sub: string) => Account | undefined;
    loadExistingGrant: (ctx: Context) => Promise<Grant | undefined>;
    ttl: Record<string, number>;
  }

  type InteractionResult =
    | { login: { accountId: string; amr?: string[]; acr?: string } }
    | { error: string; error_description?: string };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => Grant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
