import { describe, expect, it } from 'vitest';
import { answerMismatch, endpointOf } from './helpers/answerCheck';

const summary = {
  id: 1,
  model: 'strategy',
  title: 'T',
  ambition: '',
  status: true,
  version: 1,
  user: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  strategy_masters: [],
};

describe("the test server's check of answers", () => {
  it('should find the endpoint a request reaches, a static segment before a parameter', () => {
    expect(endpointOf('GET', '/api/strategies?x=1')?.path).toBe('/api/strategies/');
    expect(endpointOf('GET', '/api/strategy/7/')?.path).toBe('/api/strategy/{id}');
    expect(endpointOf('POST', '/api/strategy/create/')?.path).toBe('/api/strategy/create/');
    expect(endpointOf('GET', '/not/declared/')).toBeUndefined();
  });

  it('should refuse a missing field, a field of another type and a field not declared', () => {
    const list = endpointOf('GET', '/api/strategies/')!;
    expect(answerMismatch(list, [summary])).toBeUndefined();
    const { title: _title, ...untitled } = summary;
    expect(answerMismatch(list, [untitled])).toContain('title');
    expect(answerMismatch(list, [{ ...summary, version: '1' }])).toContain('version');
    expect(answerMismatch(list, [{ ...summary, secret: 'x' }])).toContain('answer[0].secret');
  });
});
