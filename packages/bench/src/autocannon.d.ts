// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    /** Concurrent connections (default 10). */
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Runs the load in this many worker threads, so the client does not share the server's event loop. */
    workers?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    /** Stops once this many requests were made (with duration: whichever comes first). */
    maxOverallRequests?: number;
    /**
     * The request sequence; in workers mode each setupRequest is the path of a module whose export
     * builds the next request from the defaults (path, method, headers, body).
     */
    requests?: { setupRequest?: string }[];
    /** In workers mode the path of a module whose export is called with each connection's client, before its first request. */
    setupClient?: string;
  }

  /** autocannon's histogram summary: latency in ms, requests and throughput per second. */
  interface AutocannonStats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface AutocannonResult {
    url: string;
    connections: number;
    /** Seconds actually run. */
    duration: number;
    requests: AutocannonStats & { sent: number };
    latency: AutocannonStats;
    throughput: AutocannonStats;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(opts: AutocannonOptions): PromiseLike<AutocannonResult>;
  export default autocannon;
  export type { AutocannonOptions, AutocannonResult, AutocannonStats };
}
