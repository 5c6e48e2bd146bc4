import type { Profile } from '@palisade/domain/auth/profile.schema';
import { AppError } from '@palisade/domain/errors';
import { UserType } from '@palisade/domain/user-types';
import { messages } from '@palisade/domain/messages';
import { currentZoneName, DEFAULT_TIME_ZONE, dayIn, isTimeZone } from '@palisade/domain/organisations/time-zone';
import type { TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { timeZoneRepository, type StoredTimeZone } from './time-zone.repository';

function present(stored: StoredTimeZone): TimeZoneSettings {
  return { timeZone: stored.timeZone ?? DEFAULT_TIME_ZONE, isSet: stored.timeZone !== null, version: stored.version };
}

/** The organisation's zone (DEFAULT_TIME_ZONE while never set, or for no organisation). */
export async function zoneOf(db: DbOrTx, organisationId: string | null): Promise<string> {
  if (organisationId === null) return DEFAULT_TIME_ZONE;
  return (await timeZoneRepository.find(db, organisationId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** "Today" of the organisation at `now`: the day in its zone (a due date that day is not over yet). */
export async function organisationDay(db: DbOrTx, organisationId: string | null, now: Date): Promise<string> {
  return dayIn(now, await zoneOf(db, organisationId));
}

/**
 * Issue 60: the organisation's time zone, read by everyone who works in it (the caller's working
 * organisation) and set by its admin with the version it was based on (stale: 409), written to
 * the activity log.
 */
export function createTimeZoneService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  function working(ctx: AuthContext): string {
    if (!ctx.organisationId) throw new AppError('FORBIDDEN');
    return ctx.organisationId;
  }

  return {
    async get(ctx: AuthContext): Promise<TimeZoneSettings> {
      const stored = await timeZoneRepository.find(db, working(ctx));
      if (!stored) throw new AppError('NOT_FOUND');
      return present(stored);
    },

    /**
     * At an organisation admin's sign-in (issue 60: by password, second factor or single sign-on):
     * its organisation without a zone takes the browser's (a valid name only), logged as the
     * admin's; one that has a zone keeps it. Anyone else's sign-in changes nothing.
     */
    async adoptDefault(user: Pick<Profile, '_id' | 'type' | 'cmp_id'>, browserZone: string | undefined): Promise<void> {
      if (user.type !== UserType.ORGANISATION) return;
      const organisationId = user.cmp_id ?? null;
      if (!organisationId || browserZone === undefined || !isTimeZone(browserZone)) return;
      const timeZone = currentZoneName(browserZone);
      await db.transaction(async (tx) => {
        if (!(await timeZoneRepository.adopt(tx, organisationId, timeZone, clock.now()))) return;
        await auditRepository.append(tx, {
          actorId: user._id,
          organisationId,
          action: 'organisation.timeZone',
          entity: 'organisation',
          entityId: organisationId,
          before: { timeZone: null },
          after: { timeZone },
        });
      });
    },

    async set(ctx: AuthContext, input: { timeZone: string; version: number }): Promise<TimeZoneSettings> {
      const organisationId = working(ctx);
      return db.transaction(async (tx) => {
        const before = await timeZoneRepository.find(tx, organisationId);
        if (!before) throw new AppError('NOT_FOUND');
        // Stored by its current name (Asia/Kolkata for Asia/Calcutta, as browsers still name it).
        const timeZone = currentZoneName(input.timeZone);
        const version = await timeZoneRepository.save(tx, organisationId, timeZone, input.version, clock.now());
        if (version === null) throw new AppError('CONFLICT', messages.http.changedBySomeoneElse, { current: present(before) });
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'organisation.timeZone',
          entity: 'organisation',
          entityId: organisationId,
          before: { timeZone: before.timeZone },
          after: { timeZone },
        });
        return { timeZone, isSet: true, version };
      });
    },
  };
}
export type TimeZoneService = ReturnType<typeof createTimeZoneService>;
