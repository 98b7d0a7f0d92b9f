/** Measures' calls (DESIGN §10) as a client makes them, and a definition that passes every check. */
import type { Measure } from '@keystone/contract';
import { expect } from 'vitest';
import type { ApiResponse, TestServer } from './testServer';

/** An "increase" measure: 10 → 50 customers, whole numbers. */
export const COUNT_MEASURE = {
  title: 'Customers won',
  unit: 'number',
  unit_label: 'customers',
  baseline: '10',
  target: '50',
  direction: 'increase',
} as const;

export function measureApi(server: TestServer) {
  const api = {
    create: (key: string, body: unknown) => server.api('POST', '/api/measures/create/', { token: key, body }),
    update: (key: string, id: number, body: unknown) =>
      server.api('PATCH', `/api/measures/update/${id}/`, { token: key, body }),
    remove: (key: string, id: number) => server.api('DELETE', `/api/measures/delete/${id}/`, { token: key }),
    write: (key: string, id: number, body: unknown) =>
      server.api('PATCH', `/api/measures/reading/${id}/`, { token: key, body }),
    lockedReadings: (key: string, body: unknown) =>
      server.api('POST', '/api/locked-readings/', { token: key, body }),

    /** A measure of the initiative (or the focus area), created by `key`; fails the test otherwise. */
    async define(key: string, owner: { initiative: number } | { focus_area: number }, body: object = {}) {
      const response = await api.create(key, { ...COUNT_MEASURE, ...owner, ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body as Measure;
    },
  };
  return api;
}

export type MeasureApi = ReturnType<typeof measureApi>;

/** A refusal with its detail (and the field it is about, when one). */
export function refusal(response: ApiResponse) {
  return { status: response.status, detail: response.body?.detail, errors: response.body?.errors };
}
