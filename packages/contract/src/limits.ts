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
  timelinesPerInitiative: 50,
  /** Progress comments (plain-text characters), and bounds on the notification settings. */
  comment: 2000,
  frequencyMax: 366,
  reminderOffsetMax: 1000,
  additionalRecipients: 50,
} as const;

export const TIMINGS = {
  saveDebounceMs: 250,
  tooltipDelayMs: 100,
  successMessageMs: 3000,
  sponsorErrorMs: 3000,
} as const;
