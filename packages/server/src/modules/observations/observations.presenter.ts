import type { Observation } from '@palisade/domain/observations/observation.schema';
import { OBSERVATION_CATEGORIES, type ObservationCategory } from '@palisade/domain/observations/observation.rules';
import type { ObservationRecord } from './observations.repository';

const isCategory = (c: string): c is ObservationCategory => (OBSERVATION_CATEGORIES as readonly string[]).includes(c);

/** A report as every reply carries it (spec §3 names). */
export function presentObservation(r: ObservationRecord): Observation {
  return {
    _id: r.id,
    srno: r.srno,
    // Rows are written through the schema's enum; an unknown one would be a corrupt row.
    category: isCategory(r.category) ? r.category : 'Incident',
    status: r.status,
    reportedAt: r.reportedAt.toISOString(),
    reported_by: r.reportedBy,
    reporterName: r.reporterName,
    managerid: r.contractorId,
    managername: r.contractorName,
    form_data: r.formData,
    description: r.description,
    reportImage: r.photo ?? null,
    action: r.action,
    report_action_time: r.actionAt ? r.actionAt.toISOString() : null,
    accept_time: r.acceptAt ? r.acceptAt.toISOString() : null,
    rootCauseAnalysis: r.rootCauseAnalysis,
  };
}
