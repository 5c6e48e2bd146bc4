import { describe, expect, it } from 'vitest';
import { failureOf, type FirstPass, type Measurement } from './measure';

const pass: FirstPass = {
  requests: 500,
  p50Ms: 20,
  p99Ms: 80,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 500 },
};

const clean: Measurement = {
  name: 'getResponseById spread',
  method: 'POST',
  path: '/api/responses/getResponseById',
  baseline: false,
  reqPerSec: 2000,
  p50Ms: 4,
  p99Ms: 12,
  requests: 6000,
  bytesPerReply: 900,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 6000 },
  acknowledged: 8501,
  firstPass: pass,
};

describe('failureOf', () => {
  it('passes a measurement and a first pass that counted only 2xx replies', () => {
    expect(failureOf(clean)).toBeNull();
    const { firstPass: _firstPass, ...withoutPass } = clean;
    expect(failureOf(withoutPass)).toBeNull();
  });

  it('names the measured failures with their status codes', () => {
    expect(
      failureOf({
        ...clean,
        non2xx: 3,
        timeouts: 1,
        statusCodes: { '200': 5996, '409': 2, '500': 1 },
      }),
    ).toBe(
      'getResponseById spread (POST /api/responses/getResponseById): 3 non-2xx (2× 409, 1× 500), 0 errors, 1 timeouts',
    );
  });

  it('fails a measurement whose first pass counted failures, though its measured seconds did not', () => {
    const firstPass = {
      ...pass,
      non2xx: 1,
      errors: 2,
      statusCodes: { '200': 497, '404': 1 },
    };
    expect(failureOf({ ...clean, firstPass })).toBe(
      'getResponseById spread (POST /api/responses/getResponseById): its first pass: 1 non-2xx (1× 404), 2 errors, 0 timeouts',
    );
    expect(failureOf({ ...clean, errors: 1, firstPass })).toBe(
      'getResponseById spread (POST /api/responses/getResponseById): 0 non-2xx, 1 errors, 0 timeouts; its first pass: 1 non-2xx (1× 404), 2 errors, 0 timeouts',
    );
  });
});
