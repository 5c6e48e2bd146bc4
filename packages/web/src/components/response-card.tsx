import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { orgAuditorMessages } from '@palisade/domain/responses/org-auditor.messages';
import { isOverdue, isScoreFinal } from '@palisade/domain/responses/response.rules';
import { scoreBand, scorePercent, type ScoreBand } from '@palisade/domain/scores/score.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { formatDate, formatDateTime } from '../lib/dates';
import { useOrganisationToday } from '../lib/organisation-today';
import { LabelledProgress } from './labelled-progress';
import { TintedChip } from './tinted-chip';
import { BAND_LOOK } from './engagement/bands';
import { ResponseStatusChip } from './response-status-chip';

const t = assessmentScreensMessages;
const o = orgAuditorMessages;

/** What a response card reads of a response summary (getResponsesByCompanyIds). */
export interface ResponseCardModel {
  _id: string;
  status: ResponseStatus;
  assessment: { name: string };
  contractorName: string;
  lastAccessTime: string;
  /** Percent of sections whose questions are all answered. */
  progress: number;
  scored: number;
  total: number;
  /** The due date in force (the extension when set): past it, an unsubmitted response is overdue. */
  effectiveDueDate?: string;
  /** The auditor the organisation assigned, if any (issue 19). */
  assignedAuditor?: { _id: string; name: string } | null;
  /** The round of a recurring assessment (issue 58). */
  round?: { number: number; label: string };
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The band of a response's score, once it has a final one (isScoreFinal: COMPLETED). Before that
 * the sum is partial (the categories scored so far, or those a resubmitted response kept), and
 * its band would call a response red that the auditor has not finished scoring (issue 56).
 */
function scoredBand(response: ResponseCardModel): ScoreBand | null {
  const percent = scorePercent(response.scored, response.total);
  if (percent === null || !isScoreFinal(response.status)) return null;
  return scoreBand(percent);
}

/** "18/60 · 30% Red", or "Not scored yet" before the final score. */
function scoreText(response: ResponseCardModel, band: ScoreBand | null): string {
  const marks = `${response.scored}/${response.total}`;
  if (band === null) return reviewScreensMessages.notScored;
  return `${marks} · ${scorePercent(response.scored, response.total) ?? 0}% ${reviewScreensMessages.bands[band]}`;
}

/**
 * One response on the organisation's overview and the auditor's list (spec §2.4): name, status,
 * scored/total with the score's band (its colour the card's stripe), company, last updated,
 * progress and View (to where the caller says); an Overdue mark and the assigned auditor when
 * there are.
 */
export function ResponseCard({
  response,
  to,
  viewerId,
  companyExtra,
  companyTo,
}: {
  response: ResponseCardModel;
  to: string;
  /** The signed-in auditor: its own assignment reads "Assigned to you". */
  viewerId?: string;
  /** Shown beside the company's name (the organisation's overview: its compliance state, issue 57). */
  companyExtra?: ReactNode;
  /** Where the company's name leads (the organisation's overview: its trend page, issue 58). */
  companyTo?: string;
}) {
  const name = response.assessment.name;
  const band = scoredBand(response);
  const today = useOrganisationToday();
  const overdue =
    response.effectiveDueDate !== undefined &&
    isOverdue(response.effectiveDueDate, today, response.status);
  const assigned = response.assignedAuditor ?? null;
  const company = companyTo ? (
    <Link component={RouterLink} to={companyTo}>
      {response.contractorName}
    </Link>
  ) : (
    response.contractorName
  );
  return (
    <Card
      component="article"
      aria-label={name}
      data-status={response.status}
      data-band={band ?? 'NONE'}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        // The stripe is the score's band (DECISIONS.md Scores); the status has its chip.
        borderLeft: `6px solid ${band ? theme.palette[BAND_LOOK[band].tone].main : theme.palette.divider}`,
      })}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography
            variant="h2"
            sx={{ fontSize: '1.1rem', flexGrow: 1, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <ResponseStatusChip status={response.status} />
        </Box>
        {(overdue || assigned || response.round) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            {response.round && (
              <TintedChip tone="primary" data-round={response.round.number} label={response.round.label} shrink={false} />
            )}
            {overdue && response.effectiveDueDate !== undefined && (
              <TintedChip
                tone="error"
                data-overdue="true"
                label={o.overdueSince(formatDate(response.effectiveDueDate))}
              />
            )}
            {assigned && (
              <TintedChip
                tone="primary"
                data-assigned={assigned._id === viewerId ? 'you' : 'other'}
                label={assigned._id === viewerId ? o.assignedToYou : o.assignedTo(assigned.name)}
              />
            )}
          </Box>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
          }}
        >
          <Fact label={t.score} value={scoreText(response, band)} />
          <Fact
            label={t.company}
            value={
              companyExtra ? (
                <>
                  {company} {companyExtra}
                </>
              ) : (
                company
              )
            }
          />
          <Fact label={t.lastUpdated} value={formatDateTime(response.lastAccessTime)} />
        </Box>
        <Box sx={{ mt: 2 }}>
          <LabelledProgress
            value={response.progress}
            label={`${t.progress}: ${name}`}
            color="primary"
          />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Link
          component={RouterLink}
          to={to}
          aria-label={t.viewLabel(name, response.contractorName)}
        >
          {t.view}
        </Link>
      </CardActions>
    </Card>
  );
}
