/** Every business limit and timing constant (spec §9) in one object. */
export const LIMITS = {
  ambition: 400,
  title: 200,
  charterField: 900,
  focusAreasPerStrategy: 5,
  initiativesPerFocusArea: 5,
  remindersPerStrategy: 5,
  passwordMin: 8,
  /** Not in the spec: generous bounds so no field can grow without limit. */
  passwordMax: 128,
  personName: 150,
  businessTitle: 150,
  email: 254,
  invitesPerRequest: 50,
  /**
   * Invitation mails (new and resent) in any 24 hours: per person who sends them, and per
   * organisation, so nobody can use the product to flood mailboxes.
   */
  invitesPerUserPerDay: 100,
  invitesPerOrganisationPerDay: 500,
  /** An invitation can be mailed again once this many minutes have passed since its last mail. */
  inviteResendMinutes: 10,
  organisationName: 150,
  /** Security log entries per page. */
  securityLogPageMax: 100,
  /** History entries per page. */
  activityPageMax: 100,
  timelinesPerInitiative: 50,
  /** Progress comments (plain-text characters), and bounds on the notification settings. */
  comment: 2000,
  frequencyMax: 366,
  reminderOffsetMax: 1000,
  additionalRecipients: 50,
  /** Measures (DESIGN §10): per initiative and per focus area, and the bounds of a definition. */
  measuresPerItem: 3,
  measureTitle: 120,
  measureUnitLabel: 24,
  measureDecimalsMax: 4,
  /** Digits a number may carry, so it is exact in PostgreSQL numeric and in a browser's double. */
  measureSignificantDigits: 15,
  measureAmberBandMax: 100,
  readingNote: 280,
  /** Locked readings per measure in a page read (the CSV download has them all). */
  readingsOnPage: 24,
} as const;

export const TIMINGS = {
  saveDebounceMs: 250,
  tooltipDelayMs: 100,
  successMessageMs: 3000,
  sponsorErrorMs: 3000,
} as const;
