import type { Observation } from '@palisade/domain/observations/observation.schema';

/** A report just submitted by employee e1 of contractor c1: no action yet. */
export const submittedObservation: Observation = {
  _id: 'obs-1',
  srno: 42,
  category: 'Nearmiss',
  status: 1,
  reportedAt: '2026-03-14T09:30:00.000Z',
  reported_by: 'e1',
  reporterName: 'Jamie Watt',
  managerid: 'c1',
  managername: 'North Sea Scaffolding',
  form_data: [
    { label: 'FullName', value: 'Jamie Watt' },
    { label: 'Description', value: '' },
  ],
  description: '',
  reportImage: null,
  action: 0,
  report_action_time: null,
  accept_time: null,
  rootCauseAnalysis: '',
};
