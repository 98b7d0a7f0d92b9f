/**
 * What screen readers are told while people edit together (WCAG 4.1.3 status messages): a page's
 * saves, other people taking, releasing and changing fields, and conflicts. Each names the field
 * by its accessible label, so it makes sense without looking at the page.
 */
export const ANNOUNCEMENT_TEXT = {
  /** A sentence, unlike the page's visible "Saved": it is read together with others. */
  saved: 'Saved.',
  /** A save that failed for a passing reason; the page keeps trying. */
  saveRetrying: (reason: string) => `Not saved: ${reason} Trying again.`,
  /** A save the server refused; only a new edit tries again. */
  saveFailed: (reason: string) => `Not saved: ${reason}`,
  /** The reason of a save that never reached the server. */
  serverUnreachable: 'The server cannot be reached.',
  fieldTaken: (field: string, person: string) => `${field} is being edited by ${person}.`,
  fieldReleased: (field: string, person: string) => `${person} stopped editing ${field}.`,
  /** The user went into a field, but someone else holds it. */
  lockRefused: (field: string, person: string) => `You cannot edit ${field} now: ${person} is editing it.`,
  liveEdit: (person: string, field: string) => `${person} changed ${field}.`,
  conflict: (field: string) =>
    `${field}: someone else changed it after you started editing. Choose which text to keep.`,
  /** Who holds a field when the lock does not name them. */
  anotherUser: 'another user',
} as const;
