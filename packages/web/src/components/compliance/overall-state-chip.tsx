import type { OverallCompliance } from '@palisade/domain/compliance/compliance.rules';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { OverallComplianceChip } from './compliance-chips';

/**
 * The overall compliance state beside a contractor's name in the organisation's lists (users,
 * leaderboard, assessment overview), from useOverallStates' reply; nothing while it is unknown
 * (not loaded, no requirements, a list the server did not answer).
 */
export function OverallStateChip({
  states,
  contractorId,
}: {
  states: Readonly<Record<string, OverallCompliance>> | undefined;
  contractorId: string;
}) {
  const overall = states?.[contractorId];
  if (!overall) return null;
  return (
    <span title={complianceScreensMessages.overallLabel(complianceMessages.overallLabels[overall])}>
      <OverallComplianceChip overall={overall} />
    </span>
  );
}
