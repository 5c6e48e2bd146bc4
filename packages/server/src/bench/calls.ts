/**
 * The calls the benchmark measures, each next to the two baselines (GET /api/bench/bare and
 * GET /api/bench/select1). A later issue that adds a call appends its entry here; the data it
 * needs comes from a step in generate.ts.
 */
export interface BenchCall {
  /** Shown in the table. */
  name: string;
  method: 'GET' | 'POST';
  /** Below the server's origin, e.g. /api/auth/me. */
  path: string;
  /** Sent as JSON (POST). */
  body?: unknown;
  /** Signs in as this account (password DEMO_PASSWORD) and sends its session cookie. */
  as: string;
}

export const benchCalls: BenchCall[] = [
  { name: 'auth/me', method: 'GET', path: '/api/auth/me', as: 'admin@demo.test' },
];
