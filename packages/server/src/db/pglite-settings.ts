/**
 * PostgreSQL's shared buffers inside PGlite (PGLITE_SHARED_BUFFERS). PGlite's default, 128 MB,
 * stays resident once touched, as WebAssembly memory never shrinks: after the demo seed and the
 * 200-user load run PGlite's memory held ~157 MB. With 32 MB it holds ~53 MB; pages beyond that are
 * read again from the OS page cache (issue 17: RSS ≤ 450 MB under load).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';
