/**
 * The outline a status colour needs where it is drawn as a shape on the white page (a bar
 * segment, a legend swatch): none where the colour itself stands out at 3:1 (WCAG 1.4.11), the
 * status's own dark ink where it does not (Delayed's yellow is 1.6:1 on white).
 */
import { INITIATIVE_STATUSES, type InitiativeStatus } from '@keystone/contract';

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

/** Contrast of a colour against white, 1 to 21. */
const againstWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

export function statusEdge(code: InitiativeStatus): string | undefined {
  const { hex, ink } = INITIATIVE_STATUSES[code];
  return againstWhite(hex) < 3 ? ink : undefined;
}
