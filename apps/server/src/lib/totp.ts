/** TOTP (RFC 6238) with the otpauth library: 6 digits, 30-second steps, SHA-1 (what every app reads). */
import { PRODUCT_NAME } from '@keystone/contract';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
/** One step either side: a phone whose clock is a little off, or a code typed as it turned. */
const WINDOW = 1;

function totpFor(secret: string, email = ''): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/** What the set-up screen shows: the secret, its otpauth URL, and that URL as a QR code. */
export async function totpEnrolment(secret: string, email: string): Promise<TotpEnrolment> {
  const otpauthUrl = totpFor(secret, email).toString();
  // The QR code library is loaded by the first enrolment only.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The time step a code belongs to when it is valid now (within the window), else null. The caller
 * refuses steps at or before the last one used, so a code is never accepted twice.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
