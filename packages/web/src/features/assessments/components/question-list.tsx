import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { SectionQuestionInput } from '@palisade/domain/assessments/assessment.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { answerTypeLabel } from '../answer-types';

const t = assessmentScreensMessages;

interface QuestionListProps {
  questions: readonly SectionQuestionInput[];
  /** Question id → text, from the organisation's bank. */
  texts: ReadonlyMap<string, string>;
  /** The ids used in another section of the assessment: flagged as used. */
  usedElsewhere: ReadonlySet<string>;
  onRemove?: (index: number) => void;
  disabled?: boolean;
}

/** The numbered questions of a section ('No Questions' when empty, spec §2.6). */
export function QuestionList({
  questions,
  texts,
  usedElsewhere,
  onRemove,
  disabled,
}: QuestionListProps) {
  if (questions.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {assessmentMessages.noQuestions}
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {questions.map((q, i) => {
        const choices = q.questType.options ?? [];
        return (
          <Box
            component="li"
            key={q.question}
            sx={{ pl: 0.5, '&::marker': { fontWeight: 600 } }}
            data-testid="section-question"
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {texts.get(q.question) ?? q.question}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
                  <Chip
                    size="small"
                    label={t.answerTypeOf(answerTypeLabel(q.questType.answerType))}
                  />
                  {usedElsewhere.has(q.question) && (
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={assessmentMessages.usedElsewhere}
                    />
                  )}
                </Box>
                {choices.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t.choicesOf(choices.join(', '))}
                  </Typography>
                )}
              </Box>
              {onRemove && (
                <IconButton
                  aria-label={t.removeQuestionLabel(i + 1)}
                  onClick={() => onRemove(i)}
                  disabled={disabled}
                  size="small"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
