/** No secret in the logs: the tokens in the API's paths and in the web app's page paths are masked. */
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../src/http/logging';

describe('maskSecrets', () => {
  it.each([
    ['/api/auth/password/reset/confirm/MQ/abc-123-secret/', '/api/auth/password/reset/confirm/MQ/***/'],
    ['/api/auth/verify-email/abc-123-secret/', '/api/auth/verify-email/***/'],
    ['/reset-password/MQ/abc-123-secret', '/reset-password/MQ/***'],
    ['/reset-password/MQ/abc-123-secret?next=1', '/reset-password/MQ/***?next=1'],
    ['/verify-email/abc-123-secret', '/verify-email/***'],
    ['/ws/locks/?token=abc-123-secret&connection=tab-1', '/ws/locks/?token=***&connection=tab-1'],
  ])('should mask the secret of %s', (url, masked) => {
    expect(maskSecrets(url)).toBe(masked);
    expect(maskSecrets(url)).not.toContain('abc-123-secret');
  });

  it('should leave paths without a secret as they are', () => {
    expect(maskSecrets('/reset-password')).toBe('/reset-password');
    expect(maskSecrets('/api/strategy/12/')).toBe('/api/strategy/12/');
  });
});
