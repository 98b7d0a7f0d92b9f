/**
 * The keyboard focus ring of every control (WCAG 2.4.7, 1.4.11): a 2 px line in the app's deep
 * blue (at least 10:1 on every light background), white where the surface is dark (the header,
 * filled alerts), set through one CSS variable so a dark surface needs one line.
 */
export const FOCUS_RING_COLOR = '--keystone-focus-ring';
export const LIGHT_FOCUS_RING = '#ffffff';

const ring = `2px solid var(${FOCUS_RING_COLOR})`;

/** Around the control, clear of its own colours. */
export const focusRing = { outline: ring, outlineOffset: 2 } as const;

/** Just inside the control's edge, for items that fill a clipped list (menus, tabs). */
export const insetFocusRing = { outline: ring, outlineOffset: -2 } as const;
