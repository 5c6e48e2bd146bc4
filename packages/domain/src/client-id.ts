import { z } from 'zod';
import { coreMessages } from './messages-core';

/**
 * DECISIONS.md: every create call a form sends carries a client-made id, and the same id twice
 * stores one row. The id is the new row's own id (a UUID the form makes when it opens, kept for
 * every retry of that one create); a create without it gets one made by the server (older clients,
 * scripts). The server answers a repeat by the same user with the row the first call stored, and
 * does nothing else again (no second mail, notification or log entry); an id another user's create
 * took is 409 (`coreMessages.http.idTaken`).
 */
export const clientIdField = z.uuid({ error: 'id must be a UUID made by the client' }).optional();

/**
 * The version a shared edit is based on (DECISIONS.md): an older one is refused with 409
 * (`coreMessages.http.changedBySomeoneElse`) and the screen reloads what changed.
 */
export const versionField = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(0, 'version must be a whole number');

export const clientIdTexts = { taken: coreMessages.http.idTaken, changed: coreMessages.http.changedBySomeoneElse };
