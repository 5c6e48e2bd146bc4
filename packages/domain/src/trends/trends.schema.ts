import { z } from 'zod';
import { esgoReplySchema } from '../responses/response.schema';
import { idField } from '../users/users.schema';

/**
 * Trends (issue 58): a contractor's score and band per round, its E-S-G-O per round, and its open
 * items. The organisation (and its auditors) read any of its contractors'; a contractor its own.
 * Another organisation's contractor, or another contractor for a contractor, is 404.
 */

/**
 * POST /trends/getContractorTrend and /trends/getContractorOpenItems {contractorId, companyId?}:
 * companyId is one of the caller's organisations (the working one when absent).
 */
export const contractorTrendInputSchema = z.object({
  contractorId: idField('contractorId'),
  companyId: idField('companyId').optional(),
});
export type ContractorTrendInput = z.input<typeof contractorTrendInputSchema>;

const bandSchema = z.enum(['GREEN', 'ORANGE', 'RED']);

/** One point: a COMPLETED response, its score and band, and its E-S-G-O. */
export const trendPointSchema = z.object({
  responseId: z.string(),
  /** The series: every round of a recurring assessment answers the same assessment. */
  assessmentId: z.string(),
  assessmentName: z.string(),
  roundNumber: z.number().int(),
  /** "Q3 2027" when the assessment recurs; null otherwise. */
  roundLabel: z.string().nullable(),
  /** The round's label, else the assessment's name and the day it was completed. */
  label: z.string(),
  /** ISO instant. */
  completedAt: z.string(),
  scored: z.number().int(),
  total: z.number().int(),
  /** Null when there was nothing to score. */
  percent: z.number().nullable(),
  band: bandSchema.nullable(),
  esgo: esgoReplySchema,
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** getContractorTrend's reply: the contractor and its points, oldest first. */
export const contractorTrendReplySchema = z.object({
  contractor: z.object({ _id: z.string(), name: z.string(), companyId: z.string() }),
  points: z.array(trendPointSchema),
  /** True when older points were left out (TREND_POINTS_MAX). */
  truncated: z.boolean(),
});
export type ContractorTrendReply = z.infer<typeof contractorTrendReplySchema>;

/** A question the auditor rejected, waiting for the contractor's answer. */
export const rejectedItemSchema = z.object({
  responseId: z.string(),
  assessmentName: z.string(),
  roundLabel: z.string().nullable(),
  categoryId: z.string(),
  categoryName: z.string(),
  questionId: z.string(),
  questText: z.string(),
  /** The auditor's remark. */
  remarks: z.string().nullable(),
});

/** An observation of the contractor's not yet decided (status Submitted). */
export const openObservationSchema = z.object({
  _id: z.string(),
  srno: z.number().int(),
  category: z.string(),
  /** ISO instant. */
  reportedAt: z.string(),
  description: z.string(),
});

/** getContractorOpenItems' reply: newest first, at most OPEN_ITEMS_MAX of each, and the totals. */
export const contractorOpenItemsReplySchema = z.object({
  rejected: z.array(rejectedItemSchema),
  rejectedTotal: z.number().int(),
  observations: z.array(openObservationSchema),
  observationsTotal: z.number().int(),
});
export type ContractorOpenItemsReply = z.infer<typeof contractorOpenItemsReplySchema>;
