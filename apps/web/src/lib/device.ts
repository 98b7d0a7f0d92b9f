/** Spec §1: phones get a warning page; desktops and tablets use the app. */

// iPads and Android tablets also say "Mobile" in some browsers, so tablets are ruled out first.
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const PHONE = /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Mobi/i;

export function isPhone(userAgent: string): boolean {
  return !TABLET.test(userAgent) && PHONE.test(userAgent);
}
