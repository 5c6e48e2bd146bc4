import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Link as RouterLink } from 'react-router';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { ResponseSectionReply } from '@palisade/domain/responses/response.schema';
import { AnswerStatus, AssessStatus } from '@palisade/domain/statuses';
import { LabelledProgress } from '../../../components/labelled-progress';
import { TintedChip } from '../../../components/tinted-chip';
import { checklistPath } from '../paths';

const t = responseScreensMessages;
const r = reviewScreensMessages;

/** Name and status side by side; the progress below them on phones, between them on wider screens. */
const ROW = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 3fr) minmax(0, 2fr) 7.5rem' },
  gridTemplateAreas: { xs: '"name status" "progress progress"', sm: '"name progress status"' },
  alignItems: 'center',
  columnGap: 2,
  rowGap: 1,
  px: { xs: 2, sm: 3 },
  py: 2,
} as const;

interface CategoryRowsProps {
  responseId: string;
  sections: readonly ResponseSectionReply[];
  /** Which progress the rows show: ANSWERED questions (contractor, organisation) or judged ones (auditor). */
  reading?: 'answered' | 'judged';
  /** Where a category's name leads; the contractor's checklist by default. */
  linkOf?: (responseId: string, categoryId: string) => string;
  /** The names are plain text, not links (the auditor in a no-assess state). */
  linksDisabled?: boolean;
}

/**
 * One row per section of the response (spec §2, Categories): the category name linking to its
 * checklist, a red warning when an answer was rejected, the share of ANSWERED (or, for the
 * auditor, judged) questions, and Complete or Incomplete.
 */
export function CategoryRows({
  responseId,
  sections,
  reading = 'answered',
  linkOf = checklistPath,
  linksDisabled = false,
}: CategoryRowsProps) {
  return (
    <Card>
      <Box
        aria-hidden
        sx={{
          ...ROW,
          display: { xs: 'none', sm: 'grid' },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" sx={{ gridArea: 'name', fontWeight: 600 }}>
          {t.category}
        </Typography>
        <Typography variant="body2" sx={{ gridArea: 'progress', fontWeight: 600 }}>
          {t.progress}
        </Typography>
        <Typography variant="body2" sx={{ gridArea: 'status', fontWeight: 600 }}>
          {t.status}
        </Typography>
      </Box>
      <Box component="ul" aria-label={t.categoriesList} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sections.map((section) => {
          const judged = reading === 'judged';
          const done = section.questions.filter((q) =>
            judged
              ? q.assessStatus !== AssessStatus.NONE
              : q.answerStatus === AnswerStatus.ANSWERED,
          ).length;
          const total = section.questions.length;
          return (
            <Box
              component="li"
              key={section._id}
              data-category={section.category.name}
              sx={{ ...ROW, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              <Box
                sx={{
                  gridArea: 'name',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  minWidth: 0,
                }}
              >
                {linksDisabled ? (
                  <Typography
                    component="span"
                    role="link"
                    aria-disabled="true"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere', color: 'text.secondary' }}
                  >
                    {section.category.name}
                  </Typography>
                ) : (
                  <Link
                    component={RouterLink}
                    to={linkOf(responseId, section.categoryId)}
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {section.category.name}
                  </Link>
                )}
                {section.hasRejected && (
                  <Tooltip title={t.rejectedWarning}>
                    <WarningAmberRounded
                      color="error"
                      fontSize="small"
                      role="img"
                      aria-label={t.rejectedWarning}
                      aria-hidden={false}
                    />
                  </Tooltip>
                )}
              </Box>
              <Box sx={{ gridArea: 'progress', minWidth: 0 }}>
                <LabelledProgress
                  value={judged ? section.judgedProgress : section.progress}
                  label={t.progressOf(section.category.name)}
                  color={(judged ? done === total : section.complete) ? 'success' : 'primary'}
                />
                <Typography variant="caption" color="text.secondary">
                  {judged ? r.judgedOf(done, total) : t.answeredOf(done, total)}
                </Typography>
              </Box>
              <Box sx={{ gridArea: 'status', justifySelf: { xs: 'end', sm: 'start' } }}>
                <TintedChip
                  tone={section.complete ? 'success' : 'warning'}
                  label={section.complete ? t.complete : t.incomplete}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
