// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Listens; the address it listens on. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** The http.Server once running. */
    httpServer?: import('node:http').Server;
  }
}
