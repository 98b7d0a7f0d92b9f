/**
 * The strategy calls that take a body, as a table for the input tests: what a valid body looks
 * like and what kind of value each field holds, so every wrong value can be tried in every field.
 */

/** Ids of one strategy of the caller's: two focus areas, the first holding two initiatives. */
export interface InputFixture {
  strategy: number;
  area: number;
  otherArea: number;
  initiative: number;
  sibling: number;
}

export type FieldKind =
  | 'id'
  | 'index'
  | 'requiredIndex'
  | 'richText'
  | 'title'
  | 'strategyTitle'
  | 'status'
  | 'boolean'
  | 'people'
  | 'initiatives'
  | 'timeZone'
  | 'frequency'
  | 'frequencyUnit'
  | 'reminders'
  | 'dateTime'
  | 'timeOfDay'
  | 'recipients'
  | 'lockedDate';

/** Values of the wrong type (or out of range) for each kind of field. */
export const WRONG_VALUES: Record<FieldKind, unknown[]> = {
  id: [true, false, [], [1], {}, '', 'abc', '5abc', '1e3', ' ', -1, 0, 1.5, 2_147_483_648, 1e300, null],
  index: [true, false, [], [1], {}, '', 'abc', '1e3', -1, 1.5, 1001, '1001', 1e300],
  requiredIndex: [true, [], [1], {}, '', 'abc', -1, 1.5, 1001, 1e300, null],
  richText: [42, true, [], ['<p>x</p>'], {}, { $gt: '' }],
  title: [42, true, [], ['x'], {}, null],
  strategyTitle: [42, true, [], ['x'], {}, null],
  status: ['XX', 'ot', 'On Track', 1, true, [], {}],
  boolean: ['true', 1, 0, null, [], {}],
  people: ['x', 1, {}, [1], [null], [{}], [{ id: 1 }], [{ email: 5 }], [{ id: 'x', email: 'a@b.com' }], null],
  initiatives: ['x', {}, [1], [null], [{}], [{ initiative_id: 'x' }], [{ initiative_id: true }]],
  timeZone: ['', '   ', 'Mars/Olympus', 42, true, null, [], {}],
  frequency: [0, -1, 1.5, 367, '0', 'abc', '1e3', null, true, [], {}, 1e300],
  frequencyUnit: ['year', 'Week', '', null, 1, true, [], {}],
  reminders: [
    'x',
    1,
    null,
    {},
    [null],
    [{}],
    [{ offset_number: 0, offset_unit: 'hour' }],
    [{ offset_number: 1.5, offset_unit: 'day' }],
    [{ offset_number: 1, offset_unit: 'minute' }],
    Array.from({ length: 6 }, () => ({ offset_number: 1, offset_unit: 'hour' })),
  ],
  dateTime: [
    'garbage',
    '2026-02-30',
    '2026-12-07T25:00:00',
    '2026-13-07T09:00:00+01:00',
    '2126-01-01',
    42,
    true,
    [],
    {},
  ],
  timeOfDay: ['25:00', '9', '09:60', 900, true, [], {}],
  recipients: ['not-an-email', 'ann@example.com, nope', 42, true, [], {}],
  lockedDate: ['garbage', '', '2026-13-01', '23:30', 42, true, null, [], {}],
};

export interface BodyEndpoint {
  name: string;
  method: 'POST' | 'PATCH';
  path(fixture: InputFixture): string;
  valid(fixture: InputFixture): Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: string[];
}

const CHARTER_FIELDS = [
  'problem_statement',
  'in_scope',
  'out_scope',
  'deliverables',
  'risks_and_dependencies',
  'impact',
  'investment',
  'work_plan',
] as const;

export { CHARTER_FIELDS };

const charterKinds = Object.fromEntries(CHARTER_FIELDS.map((field) => [field, 'richText'])) as Record<
  string,
  FieldKind
>;

export const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    name: 'PATCH /api/strategy/update/{id}/',
    method: 'PATCH',
    path: (f) => `/api/strategy/update/${f.strategy}/`,
    valid: () => ({ title: 'Grow', ambition: '<p>Lead</p>', status: true }),
    fields: { title: 'strategyTitle', ambition: 'richText', status: 'boolean' },
    required: [],
  },
  {
    name: 'POST /api/focusarea/create/',
    method: 'POST',
    path: () => '/api/focusarea/create/',
    valid: (f) => ({ strategy: f.strategy, sort_index: 0, title: 'Area' }),
    fields: { strategy: 'id', sort_index: 'index', title: 'title' },
    required: ['strategy'],
  },
  {
    name: 'PATCH /api/focusarea/update/{id}/',
    method: 'PATCH',
    path: (f) => `/api/focusarea/update/${f.area}/`,
    valid: () => ({ title: 'Area' }),
    fields: { title: 'title' },
    required: ['title'],
  },
  {
    name: 'PATCH /api/focusarea/sort/{id}/',
    method: 'PATCH',
    path: (f) => `/api/focusarea/sort/${f.area}/`,
    valid: () => ({ sort_index: 0 }),
    fields: { sort_index: 'requiredIndex' },
    required: ['sort_index'],
  },
  {
    name: 'POST /api/initiative/create/',
    method: 'POST',
    path: () => '/api/initiative/create/',
    valid: (f) => ({ focus_area: f.otherArea, sort_index: 0, title: 'Initiative', status: 'IN' }),
    // Null stands for "not given" in this call (spec §7), so only a non-null title is wrong.
    fields: {
      focus_area: 'id',
      sort_index: 'index',
      title: 'richText',
      status: 'status',
      ...charterKinds,
    },
    required: ['focus_area'],
  },
  {
    name: 'PATCH /api/initiative/update/{id}/',
    method: 'PATCH',
    path: (f) => `/api/initiative/update/${f.initiative}/`,
    valid: () => ({ title: 'Initiative', status: 'OT' }),
    fields: { title: 'title', status: 'status', ...charterKinds },
    required: [],
  },
  {
    name: 'PATCH /api/initiative/sort/{id}/',
    method: 'PATCH',
    path: (f) => `/api/initiative/sort/${f.initiative}/`,
    valid: () => ({ sort_index: 0 }),
    fields: { sort_index: 'requiredIndex' },
    required: ['sort_index'],
  },
  {
    name: 'PATCH /api/assign-users-to-strategy/',
    method: 'PATCH',
    path: () => '/api/assign-users-to-strategy/',
    valid: (f) => ({ strategy_id: f.strategy, strategy_masters: [], initiatives: [] }),
    fields: { strategy_id: 'id', strategy_masters: 'people', initiatives: 'initiatives' },
    required: ['strategy_id'],
  },
  {
    name: 'PATCH /api/notification-settings/update/{id}/',
    method: 'PATCH',
    path: (f) => `/api/notification-settings/update/${f.strategy}/`,
    valid: () => ({
      time_zone: 'Europe/Berlin',
      first_progress_update: '2026-12-07T09:00:00',
      update_time: '09:00',
      update_frequency_number: 2,
      update_frequency_unit: 'week',
      send_to_sponsors: true,
      additional_recipients: 'ann@example.com',
      team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
      reminder_send_to_owners: false,
    }),
    fields: {
      time_zone: 'timeZone',
      first_progress_update: 'dateTime',
      update_time: 'timeOfDay',
      update_frequency_number: 'frequency',
      update_frequency_unit: 'frequencyUnit',
      send_to_sponsors: 'boolean',
      additional_recipients: 'recipients',
      team_reminders: 'reminders',
      reminder_send_to_owners: 'boolean',
    },
    required: [],
  },
  {
    name: 'POST /api/locked-comments/',
    method: 'POST',
    path: () => '/api/locked-comments/',
    valid: (f) => ({ strategy_id: f.strategy, date: '2026-03-02T09:00:00Z' }),
    fields: { strategy_id: 'id', date: 'lockedDate' },
    required: ['strategy_id', 'date'],
  },
];

/** The calls that name a record in their path, with the 404 detail for one the caller may not see. */
export const PATH_ENDPOINTS: Array<{
  method: 'GET' | 'PATCH' | 'DELETE';
  path: (id: string) => string;
  kind: 'strategy' | 'area' | 'initiative';
  body?: Record<string, unknown>;
}> = [
  { method: 'GET', path: (id) => `/api/strategy/${id}`, kind: 'strategy' },
  { method: 'PATCH', path: (id) => `/api/strategy/update/${id}/`, kind: 'strategy', body: { title: 'Mine' } },
  { method: 'DELETE', path: (id) => `/api/strategy/delete/${id}/`, kind: 'strategy' },
  { method: 'GET', path: (id) => `/api/focusarea/${id}`, kind: 'area' },
  { method: 'PATCH', path: (id) => `/api/focusarea/update/${id}/`, kind: 'area', body: { title: 'Mine' } },
  { method: 'PATCH', path: (id) => `/api/focusarea/sort/${id}/`, kind: 'area', body: { sort_index: 0 } },
  { method: 'DELETE', path: (id) => `/api/focusarea/delete/${id}/`, kind: 'area' },
  { method: 'GET', path: (id) => `/api/initiative/${id}`, kind: 'initiative' },
  {
    method: 'PATCH',
    path: (id) => `/api/initiative/update/${id}/`,
    kind: 'initiative',
    body: { title: 'Mine', status: 'BL' },
  },
  {
    method: 'PATCH',
    path: (id) => `/api/initiative/sort/${id}/`,
    kind: 'initiative',
    body: { sort_index: 0 },
  },
  { method: 'DELETE', path: (id) => `/api/initiative/delete/${id}/`, kind: 'initiative' },
  { method: 'GET', path: (id) => `/api/notification-settings/${id}/`, kind: 'strategy' },
  {
    method: 'PATCH',
    path: (id) => `/api/notification-settings/update/${id}/`,
    kind: 'strategy',
    body: { update_frequency_number: 2, additional_recipients: 'eve@evil.com' },
  },
  { method: 'GET', path: (id) => `/api/locked-comment-dates/${id}/`, kind: 'strategy' },
  { method: 'GET', path: (id) => `/api/status-history/${id}/`, kind: 'strategy' },
];

export const NOT_FOUND_DETAIL = {
  strategy: 'Strategy not found.',
  area: 'Focus area not found.',
  initiative: 'Initiative not found.',
} as const;
