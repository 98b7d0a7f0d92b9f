/** Calling the API from tests the same way in-process (app.inject) and over HTTP (fetch). */
import type { OutgoingHttpHeaders } from 'node:http';

/** An answer as tests read it: the status, the JSON body parsed (else its text), the headers. */
export interface ApiResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  body: any;
  headers: OutgoingHttpHeaders;
}

/** One API call, the same over app.inject (the server tests) and over HTTP (a real process). */
export type ApiCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResponse>;

/** Calls `baseUrl` with fetch, answering like TestServer.api (JSON body parsed when it is JSON). */
export function httpApi(baseUrl: string): ApiCall {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Token ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(url, baseUrl), { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return {
      status: response.status,
      body: parsed,
      headers: Object.fromEntries(response.headers),
    } satisfies ApiResponse;
  };
}
