import net from 'node:net';

/**
 * Playwright's workers, each with a server and a data folder of its own (issue 55): a scenario
 * changes the demo data as a user would, so two scenarios at once must not share one portal.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** What global setup tells the workers (through process.env, which they inherit) of each server. */
export interface E2eServer {
  url: string;
  dataDir: string;
}
const SERVERS_VARIABLE = 'PALISADE_E2E_SERVERS';

export function publishServers(servers: E2eServer[]): void {
  process.env[SERVERS_VARIABLE] = JSON.stringify(servers);
}

/** The server of the worker with this parallel index. */
export function serverOf(index: number): E2eServer {
  const servers = JSON.parse(process.env[SERVERS_VARIABLE] ?? '[]') as E2eServer[];
  const server = servers[index];
  if (!server) throw new Error(`no e2e server for worker ${index}: global setup starts ${E2E_WORKERS}`);
  return server;
}

/** Whether nothing listens on a port of this machine. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** A free port below the ephemeral range, for a server a scenario starts itself. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (await isFree(port)) return port;
  }
}

/**
 * The ports of the servers: E2E_PORT, E2E_PORT + 1 … when it is set; else free ones drawn at
 * random below the ephemeral range (where outgoing connections take theirs), so that two runs on
 * one machine, each with its own servers, do not meet.
 */
export async function serverPorts(): Promise<number[]> {
  const fixed = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : null;
  const ports: number[] = [];
  for (let i = 0; ports.length < E2E_WORKERS; i += 1) {
    const port = fixed !== null ? fixed + i : 20_000 + Math.floor(Math.random() * 10_000);
    if (ports.includes(port)) continue;
    if (await isFree(port)) ports.push(port);
    else if (fixed !== null) throw new Error(`port ${port} is in use: set E2E_PORT to a free port`);
  }
  return ports;
}
