import { eq, inArray } from 'drizzle-orm';
import { OBSERVATION_PHOTO_ROOT } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { OBSERVATION_CATEGORIES, type ObservationCategory } from '@palisade/domain/observations/observation.rules';
import { ObservationStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../db/client';
import { files, observations, organisations, userOrganisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { fileLink } from '../modules/files/files.service';
import { observationsRepository } from '../modules/observations/observations.repository';
import { demoPhotoBytes, demoPhotoName } from './demo-observation-photos';

const DAY_MS = 24 * 60 * 60 * 1000;

const DESCRIPTIONS: Record<ObservationCategory, string[]> = {
  Accident: [
    'Worker slipped on wet decking near the pump house and twisted an ankle.',
    'Hand caught between pipe spool and trestle during lifting; first aid given.',
    'Van reversed into a bollard at the compound gate; minor damage, nobody hurt.',
  ],
  Incident: [
    'Small diesel spill at the generator refuelling point, contained with the spill kit.',
    'Scaffold tag missing on level 2 access; area closed until inspected.',
    'Gas detector alarm at the valve pit; area evacuated and ventilated.',
  ],
  'Positive Observation': [
    'Team held a thorough toolbox talk before the confined space entry.',
    'Housekeeping in the fabrication shop is excellent; walkways fully clear.',
    'Supervisor stopped the job to re-check the lifting plan when the wind picked up.',
  ],
  'Unsafe Act': [
    'Operative working at height without clipping on his lanyard.',
    'Angle grinder used without the guard fitted.',
    'Worker walked under a suspended load during the crane lift.',
  ],
  'Unsafe Condition': [
    'Trailing cables across the main walkway of the workshop.',
    'Missing handrail on the stair to the tank roof.',
    'Poor lighting in the cable tunnel between bays 3 and 4.',
  ],
  Nearmiss: [
    'Spanner dropped from the pipe rack and landed a metre from a fitter.',
    'Forklift nearly struck a pedestrian at the blind corner by the stores.',
    'Unsecured gas cylinder rolled off the trolley while being moved.',
  ],
};
const LOCATIONS = ['Compressor station A', 'Pipe yard', 'Tank farm', 'Workshop', 'Valve pit 3', 'Site office'];
const ROOT_CAUSES = [
  'Briefing did not cover the task; toolbox talk updated and repeated with the crew.',
  'Inspection schedule missed; added to the weekly checklist.',
  'Same event as an earlier report.',
  'Report did not describe an actual hazard after review on site.',
];

/** A small deterministic generator, so that the demo data looks the same on every seed. */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

interface Reporter {
  id: string;
  name: string;
}

/**
 * A year of safety observations for the demo organisation (every category, status and
 * contractor; reported by the contractors' employees and the contractors themselves; one in
 * three with a photo), and a few for the other organisation. Inside seedDemo's transaction; the
 * photos' bytes are written by main (writeDemoObservationPhotos).
 */
export async function seedDemoObservations(tx: DbOrTx, now: Date = new Date()): Promise<void> {
  const orgs = await tx.select({ id: organisations.id, name: organisations.name }).from(organisations);
  const admin = await tx.select({ id: users.id, organisationId: users.organisationId }).from(users).where(eq(users.type, UserType.ORGANISATION));
  const contractorLinks = await tx
    .select({ id: users.id, name: users.name, organisationId: userOrganisations.organisationId })
    .from(users)
    .innerJoin(userOrganisations, eq(userOrganisations.userId, users.id))
    .where(eq(users.type, UserType.CONTRACTOR));
  const contractorIds = contractorLinks.map((c) => c.id);
  const employees =
    contractorIds.length === 0
      ? []
      : await tx.select({ id: users.id, name: users.name, contractorId: users.contractorId }).from(users).where(inArray(users.contractorId, contractorIds));
  const random = sequence(14);
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };

  for (const org of orgs) {
    const isDemo = org.name === 'Demo Gas Ltd';
    const contractors = contractorLinks.filter((c) => c.organisationId === org.id).sort((a, b) => a.name.localeCompare(b.name));
    const actor = admin.find((a) => a.organisationId === org.id);
    if (contractors.length === 0 || !actor) continue;
    const rows: (typeof observations.$inferInsert)[] = [];
    const photos = new Map<string, FileRecord>();
    const photoFor = (contractorId: string, category: ObservationCategory): FileRecord => {
      const key = `${contractorId}/${category}`;
      const existing = photos.get(key);
      if (existing) return existing;
      const name = demoPhotoName(category, photos.size + 1);
      const record: FileRecord = {
        fileName: name,
        filePath: `${OBSERVATION_PHOTO_ROOT}/${org.id}/${contractorId}/${name}`,
        fileLink: '',
        fileSize: demoPhotoBytes(name)?.length ?? 0,
        fileType: 'image/png',
      };
      photos.set(key, record);
      return record;
    };
    const months = isDemo ? 12 : 2;
    for (let back = months - 1; back >= 0; back -= 1) {
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 0, 0, 0));
      const lastDay = back === 0 ? now.getUTCDate() : new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0)).getUTCDate();
      contractors.forEach((contractor, ci) => {
        const perMonth = isDemo ? 3 + ((ci * 7 + back * 5) % 4) : 2;
        const staff: Reporter[] = [{ id: contractor.id, name: contractor.name }, ...employees.filter((e) => e.contractorId === contractor.id)];
        for (let k = 0; k < perMonth; k += 1) {
          const category = OBSERVATION_CATEGORIES[(ci * 5 + back * 3 + k) % OBSERVATION_CATEGORIES.length] ?? 'Incident';
          const day = 1 + Math.floor(random() * lastDay);
          const minutes = 7 * 60 + Math.floor(random() * 10 * 60);
          let reportedAt = new Date(monthStart.getTime() + (day - 1) * DAY_MS + minutes * 60_000);
          if (reportedAt > now) reportedAt = new Date(now.getTime() - (k + 1) * 60 * 60 * 1000);
          const reporter = pick(staff);
          const description = pick(DESCRIPTIONS[category]);
          const location = pick(LOCATIONS);
          // Recent reports wait for action; older ones went every way.
          const status = back === 0 && k < 2 ? ObservationStatus.SUBMITTED : ([1, 2, 2, 3, 4] as const)[(ci + k + back) % 5] ?? 1;
          const actioned = status !== ObservationStatus.SUBMITTED;
          const actionAt = actioned ? new Date(Math.min(reportedAt.getTime() + (1 + k) * DAY_MS, now.getTime())) : null;
          rows.push({
            id: newId(),
            organisationId: org.id,
            srno: 0,
            category,
            status,
            reportedAt,
            reportedBy: reporter.id,
            reporterName: reporter.name,
            contractorId: contractor.id,
            formData: [
              { label: 'FullName', value: reporter.name },
              { label: 'Category', value: category },
              { label: 'Location', value: location },
              { label: 'Description', value: description },
            ],
            description,
            photo: (k + back) % 3 === 0 ? photoFor(contractor.id, category) : null,
            action: actioned ? status - 1 : 0,
            actionAt,
            acceptAt: actionAt,
            actionBy: actioned ? actor.id : null,
            rootCauseAnalysis: actioned ? (ROOT_CAUSES[status - 2] ?? '') : '',
          });
        }
      });
    }
    rows.sort((a, b) => a.reportedAt.getTime() - b.reportedAt.getTime());
    rows.forEach((r, i) => {
      r.srno = i + 1;
    });
    // The photos' records: readable by their contractor and the organisation's staff.
    const fileRows = [...photos.entries()].map(([key, record]) => {
      const id = newId();
      record.fileLink = fileLink(id);
      return {
        id,
        path: record.filePath,
        fileName: record.fileName,
        fileType: record.fileType,
        size: record.fileSize,
        ownerId: key.split('/')[0] ?? '',
        organisationId: org.id,
        staffOnly: true,
        auditorsExcluded: true,
      };
    });
    if (fileRows.length > 0) await tx.insert(files).values(fileRows);
    for (let i = 0; i < rows.length; i += 500) await tx.insert(observations).values(rows.slice(i, i + 500));
    await observationsRepository.rebuildDayCounts(tx, [org.id]);
  }
}
