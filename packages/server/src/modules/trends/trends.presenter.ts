import type { ContractorOpenItemsReply, TrendPoint } from '@palisade/domain/trends/trends.schema';
import { scoredOf, trendPointLabel } from '@palisade/domain/trends/trends.rules';
import type { ObservationRow, RejectedRow, TrendRow } from './trends.repository';

const n = (v: number | string | null): number => (v === null ? 0 : Number(v));

/** A factor's sums with its percent. */
function factor(scored: number | string | null, total: number | string | null) {
  const f = scoredOf(n(scored), n(total));
  return { scored: f.scored, total: f.total, percent: f.percent };
}

/** A row of the trend read that carries a point, as the reply shows it; null for the row without one. */
export function presentPoint(row: TrendRow): TrendPoint | null {
  if (row.response_id === null || row.assessment_id === null || row.completed_ms === null) return null;
  const completedAt = new Date(n(row.completed_ms)).toISOString();
  const assessmentName = row.assessment_name ?? '';
  const score = scoredOf(n(row.scored), n(row.total));
  return {
    responseId: row.response_id,
    assessmentId: row.assessment_id,
    assessmentName,
    roundNumber: n(row.round_number) || 1,
    roundLabel: row.round_label,
    label: trendPointLabel(row.round_label, assessmentName, completedAt.slice(0, 10)),
    completedAt,
    scored: score.scored,
    total: score.total,
    percent: score.percent,
    band: score.band,
    esgo: {
      environment: factor(row.e_scored, row.e_total),
      social: factor(row.s_scored, row.s_total),
      governance: factor(row.g_scored, row.g_total),
      others: factor(row.o_scored, row.o_total),
    },
  };
}

/** The open items as the reply shows them. */
export function presentOpenItems(rejected: readonly RejectedRow[], observations: readonly ObservationRow[]): ContractorOpenItemsReply {
  return {
    rejected: rejected.map((r) => ({
      responseId: r.response_id,
      assessmentName: r.assessment_name,
      roundLabel: r.round_label,
      categoryId: r.category_id,
      categoryName: r.category_name,
      questionId: r.question_id,
      questText: r.quest_text,
      remarks: r.remarks,
    })),
    rejectedTotal: n(rejected[0]?.total ?? 0),
    observations: observations.map((o) => ({
      _id: o.id,
      srno: n(o.srno),
      category: o.category,
      reportedAt: new Date(n(o.reported_ms)).toISOString(),
      description: o.description,
    })),
    observationsTotal: n(observations[0]?.total ?? 0),
  };
}
