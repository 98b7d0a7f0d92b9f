/**
 * Measures a control's keyboard focus indicator as a reviewer does: its surroundings photographed
 * without focus and with keyboard focus, and the pixels whose colour changed by at least 3:1
 * (WCAG 1.4.11) counted. An indicator counts as visible when that area is at least a 2 CSS px line
 * around the control (the least area WCAG 2.4.13 asks of one). MUI's old
 * translucent ripple changed pixels by 1.15–1.76:1 and so counted nothing.
 */
import type { Locator, Page } from '@playwright/test';

type Rgb = readonly [number, number, number];

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** WCAG's contrast ratio of two opaque colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** "#rrggbb" or "rgb(r, g, b)" (opaque) as numbers. */
export function rgbOf(colour: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [1, 2, 3].map((i) => Number.parseInt(hex[i] as string, 16)) as unknown as Rgb;
  const parts = /rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)/.exec(colour);
  if (!parts || (parts[4] !== undefined && Number(parts[4]) !== 1)) throw new Error(`not opaque: ${colour}`);
  return [Number(parts[1]), Number(parts[2]), Number(parts[3])];
}

/** Pixels of two same-sized PNGs, decoded in a blank page (no CSP, a canvas of its own). */
async function changedPixels(decoder: Page, before: Buffer, after: Buffer): Promise<[Rgb, Rgb][]> {
  const flat = await decoder.evaluate(
    async ({ before, after }) => {
      const g = globalThis as unknown as {
        Image: new () => { src: string; decode(): Promise<void>; width: number; height: number };
        document: { createElement(tag: 'canvas'): unknown };
      };
      const read = async (data: string) => {
        const image = new g.Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = g.document.createElement('canvas') as {
          width: number;
          height: number;
          getContext(kind: '2d'): {
            drawImage(image: unknown, x: number, y: number): void;
            getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
          };
        };
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [a, b] = [await read(before), await read(after)];
      const changed: number[] = [];
      for (let i = 0; i < a.length; i += 4) {
        if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) {
          changed.push(a[i] ?? 0, a[i + 1] ?? 0, a[i + 2] ?? 0, b[i] ?? 0, b[i + 1] ?? 0, b[i + 2] ?? 0);
        }
      }
      return changed;
    },
    { before: before.toString('base64'), after: after.toString('base64') },
  );
  const pairs: [Rgb, Rgb][] = [];
  for (let i = 0; i < flat.length; i += 6) {
    pairs.push([flat.slice(i, i + 3) as unknown as Rgb, flat.slice(i + 3, i + 6) as unknown as Rgb]);
  }
  return pairs;
}

export interface FocusRingMeasure {
  /** Pixels that changed by at least 3:1 when the control took keyboard focus. */
  strong: number;
  /** The least such area: a 2 px line around the ellipse inscribed in the control's box (round
   * controls have the shortest outline; a rectangle's is longer still). */
  needed: number;
  /** The largest change of any pixel, as a contrast ratio. */
  best: number;
}

/**
 * Focuses `control` as the keyboard does and compares. `box` is where the ring is drawn when that
 * is not the focused element itself (a switch draws it around the whole switch).
 */
export async function measureFocusRing(control: Locator, box: Locator = control): Promise<FocusRingMeasure> {
  const page = control.page();
  await page.mouse.move(0, 0);
  await control.scrollIntoViewIfNeeded();
  await page.evaluate(() =>
    (
      globalThis as unknown as { document: { activeElement: { blur?(): void } | null } }
    ).document.activeElement?.blur?.(),
  );
  const bounds = await box.boundingBox();
  if (!bounds) throw new Error('the control is not on screen');
  const margin = 8;
  const clip = {
    x: Math.max(0, bounds.x - margin),
    y: Math.max(0, bounds.y - margin),
    width: bounds.width + 2 * margin,
    height: bounds.height + 2 * margin,
  };
  const before = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  // A key press first: the browser then treats the next focus as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift');
  await control.focus();
  const after = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  const decoder = await page.context().newPage();
  try {
    const pairs = await changedPixels(decoder, before, after);
    const ratios = pairs.map(([a, b]) => contrastRatio(a, b));
    return {
      strong: ratios.filter((ratio) => ratio >= 3).length,
      needed: Math.round(Math.PI * (bounds.width + bounds.height)),
      best: Math.max(1, ...ratios),
    };
  } finally {
    await decoder.close();
  }
}
