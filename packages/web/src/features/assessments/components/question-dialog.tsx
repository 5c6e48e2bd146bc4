import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  hasChoices,
  questTypeSchema,
  type SectionQuestionInput,
} from '@palisade/domain/assessments/assessment.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import type { AnswerType } from '@palisade/domain/statuses';
import { CreateQuestionTab } from './create-question-tab';
import { EditQuestionDialog } from './edit-question-dialog';
import { ImportQuestionsTab } from './import-questions-tab';
import { SelectQuestionTab, type Pick } from './select-question-tab';

const t = assessmentScreensMessages;

interface QuestionDialogProps {
  open: boolean;
  companyId: string;
  /** The whole bank: the Create, Import and Edit dialogs check a text against it. */
  bank: readonly Question[];
  /** The section's questions when the dialog opens: they start picked. */
  selected: readonly SectionQuestionInput[];
  /** Question ids used in another section: flagged as used. */
  usedElsewhere: ReadonlySet<string>;
  onClose: () => void;
  onSubmit: (questions: SectionQuestionInput[]) => void;
}

/** The picks a section's questions stand for. */
function picksOf(questions: readonly SectionQuestionInput[]): Pick[] {
  return questions.map((q) => ({
    question: q.question,
    answerType: q.questType.answerType,
    options: [...(q.questType.options ?? [])],
  }));
}

/**
 * Add Question (spec §2.6), three tabs: Select Existing Question, Create New Question and Import
 * Questions (CSV). Submit gives the section the picked questions with their input types; a
 * multiple choice question without choices blocks it ('Please add choices').
 */
export function QuestionDialog(props: QuestionDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      {props.open && <QuestionDialogBody {...props} titleId={titleId} />}
    </Dialog>
  );
}

function QuestionDialogBody({
  companyId,
  bank,
  selected,
  usedElsewhere,
  onClose,
  onSubmit,
  titleId,
}: QuestionDialogProps & { titleId: string }) {
  const tabsId = useId();
  const [tab, setTab] = useState(0);
  const [search, setSearch] = useState('');
  const [picks, setPicks] = useState<Pick[]>(() => picksOf(selected));
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<Question | null>(null);

  const clearError = (question: string) => setRowErrors(({ [question]: _gone, ...rest }) => rest);

  const onType = (question: string, type: AnswerType | '') => {
    clearError(question);
    setPicks((current) => {
      if (type === '') return current.filter((p) => p.question !== question);
      const at = current.findIndex((p) => p.question === question);
      if (at < 0) return [...current, { question, answerType: type, options: [] }];
      return current.map((p, i) => (i === at ? { ...p, answerType: type } : p));
    });
  };

  const onOptions = (question: string, options: string[]) => {
    clearError(question);
    setPicks((current) => current.map((p) => (p.question === question ? { ...p, options } : p)));
  };

  const submit = () => {
    const errors: Record<string, string> = {};
    const questions: SectionQuestionInput[] = [];
    for (const p of picks) {
      const options = hasChoices(p.answerType) ? p.options : [];
      const parsed = questTypeSchema.safeParse({ answerType: p.answerType, options });
      if (!parsed.success)
        // The schema's message was made in English when its module loaded: the user's language's.
        errors[p.question] = translateText(
          parsed.error.issues[0]?.message ?? assessmentMessages.addChoices,
        );
      else questions.push({ question: p.question, questType: parsed.data });
    }
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) {
      setTab(0);
      return;
    }
    onSubmit(questions);
  };

  const firstError = Object.values(rowErrors)[0];
  // Read as the dialog renders, in the user's language (issue 60).
  const tabs = [t.selectTab, t.createTab, t.importTab];
  const narrowTabs = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  return (
    <>
      <DialogTitle id={titleId}>{t.addQuestion}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 3 } }}>
        <Tabs
          value={tab}
          onChange={(_event, next: number) => setTab(next)}
          aria-label={t.tabsLabel}
          // On phones the three tabs share the width, their labels on two lines (issue 19): no
          // scroll buttons, every tab in sight.
          variant={narrowTabs ? 'fullWidth' : 'scrollable'}
          allowScrollButtonsMobile={!narrowTabs}
        >
          {tabs.map((label, i) => (
            <Tab
              key={label}
              label={label}
              id={`${tabsId}-tab-${i}`}
              aria-controls={`${tabsId}-panel-${i}`}
              sx={narrowTabs ? { minWidth: 0, px: 0.5, whiteSpace: 'normal', lineHeight: 1.25 } : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 360 }}>
        {tabs.map((label, i) => (
          <Box
            key={label}
            role="tabpanel"
            id={`${tabsId}-panel-${i}`}
            aria-labelledby={`${tabsId}-tab-${i}`}
            hidden={tab !== i}
            sx={{ pt: 1 }}
          >
            {i === 0 && (
              <>
                {firstError && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {firstError}
                  </Alert>
                )}
                <SelectQuestionTab
                  companyId={companyId}
                  search={search}
                  onSearch={setSearch}
                  picks={picks}
                  rowErrors={rowErrors}
                  usedElsewhere={usedElsewhere}
                  onType={onType}
                  onOptions={onOptions}
                  onEdit={setEditing}
                />
              </>
            )}
            {i === 1 && (
              <CreateQuestionTab
                companyId={companyId}
                bank={bank}
                onCreated={(question) => {
                  // The new question is then picked like any other: show it in the table.
                  setSearch(question.questText);
                  setTab(0);
                }}
              />
            )}
            {i === 2 && (
              <ImportQuestionsTab
                companyId={companyId}
                bank={bank}
                onImported={() => setSearch('')}
              />
            )}
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mr: 'auto', pl: 1 }}
          aria-live="polite"
        >
          {t.selectedCount(picks.length)}
        </Typography>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" onClick={submit}>
          {t.submit}
        </Button>
      </DialogActions>
      <EditQuestionDialog question={editing} bank={bank} onClose={() => setEditing(null)} />
    </>
  );
}
