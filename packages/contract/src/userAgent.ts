/**
 * A browser's User-Agent header in words people recognise ("Chrome on Windows"), for the sessions
 * list and the password notice mail. A few rules for the common browsers and systems, not a full
 * parser: an unknown header reads "Unknown browser".
 */

/** Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Checked in order: Android also says "Linux", iPhones also say "Mac OS X". */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (header: string, rules: ReadonlyArray<readonly [RegExp, string]>) =>
  rules.find(([pattern]) => pattern.test(header))?.[1];

export function describeUserAgent(header: string): string {
  const browser = firstMatch(header, BROWSERS);
  const system = firstMatch(header, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}
