// Types of server-process.mjs for the TypeScript that imports it (the load bench).

/** The compiled server (scripts/build-server.mjs). */
export const serverEntry: string;
/** The old generation's size limit the server runs with (see server-process.mjs). */
export const SERVER_MAX_OLD_SPACE_MB: number;
/** The young generation's semi-space size the server runs with (see server-process.mjs). */
export const SERVER_MAX_SEMI_SPACE_MB: number;
/** Node's arguments for the server: its flags, then the entry point. */
export function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
/** Why a build must be (re)made, or null when its output is newer than all its inputs. */
export function buildReason(output: string, inputs: string[]): string | null;
/** Why the server must be (re)built, or null when dist/main.js is up to date. */
export function serverBuildReason(): string | null;
/** Builds the server when it is missing or stale; throws when the code does not compile. */
export function ensureServerBuild(log?: (line: string) => void): Promise<void>;
