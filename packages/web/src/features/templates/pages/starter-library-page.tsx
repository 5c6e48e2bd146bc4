import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ExpandLess from '@mui/icons-material/ExpandLess';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import { webMessages } from '@palisade/domain/messages/web';
import type { StarterSetReply } from '@palisade/domain/templates/templates.schema';
import { templatesMessages } from '@palisade/domain/templates/templates.messages';
import { SHELL_PREFIX, workingOrganisationId } from '@palisade/domain/user-types';
import { Page } from '../../../components/page';
import { TintedChip } from '../../../components/tinted-chip';
import { useProfile } from '../../../lib/session';
import { useAddStarterSet, useStarterSets } from '../api/starter-sets';

const m = templatesMessages;
const ASSESSMENT_OVERVIEW = `${SHELL_PREFIX.sapphire}/Assessment`;

/** One set: what it covers, how much of it the bank holds, its preview and the Add button. */
function SetCard({ set, companyId }: { set: StarterSetReply; companyId: string }) {
  const [open, setOpen] = useState(false);
  const add = useAddStarterSet(companyId);
  const headingId = useId();
  const previewId = useId();
  const categories = set.categories.length;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid="starter-set"
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
          {set.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {set.description}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {m.counts(categories, set.questionCount)}
          </Typography>
          <TintedChip
            tone={set.added ? 'success' : set.questionsInBank > 0 ? 'warning' : 'info'}
            label={m.inBank(set.questionsInBank, set.questionCount)}
            shrink={false}
          />
        </Box>
        <Collapse in={open} unmountOnExit>
          <Box id={previewId} component="section" aria-label={m.previewOf(set.name)} sx={{ mt: 2 }}>
            {set.categories.map((c) => (
              <Box key={c.name} sx={{ mb: 2 }}>
                <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
                  {c.name}
                </Typography>
                <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
                  {c.questions.map((q) => (
                    <Box component="li" key={q.questText}>
                      <Typography variant="body2">{q.questText}</Typography>
                      <Typography variant="caption" color="text.secondary" component="p">
                        {m.suggestedType}: {m.answerTypes[q.answerType]}
                        {q.options.length > 0 ? ` · ${m.choices(q.options.join(', '))}` : ''}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        </Collapse>
      </CardContent>
      <CardActions sx={{ px: { xs: 2, sm: 3 }, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-controls={open ? previewId : undefined}
          startIcon={open ? <ExpandLess /> : <ExpandMore />}
        >
          {open ? m.hidePreview : m.preview}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {set.added ? (
          <Button disabled startIcon={<CheckCircleOutline />}>
            {m.added}
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<LibraryAddOutlined />}
            aria-label={m.addToBankLabel(set.name)}
            loading={add.isPending}
            onClick={() => {
              if (!add.isPending) add.mutate({ setId: set._id, name: set.name });
            }}
          >
            {m.addToBank}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * /sapphire/templates (issue 58): the starter library. Each set (HSE pre-qualification,
 * environmental compliance, fire safety) with its counts, how much of it the organisation's
 * question bank holds, a preview of its questions with their suggested answer types, and "Add to
 * my question bank" (one click; a second adds nothing). Its questions are then the bank's own.
 */
export function StarterLibraryPage() {
  const companyId = workingOrganisationId(useProfile()) ?? '';
  const sets = useStarterSets(companyId);
  return (
    <Page
      title={m.libraryTitle}
      breadcrumbs={[
        { label: navMessages.assessment, to: ASSESSMENT_OVERVIEW },
        { label: m.libraryTitle },
      ]}
    >
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {m.libraryIntro}
      </Typography>
      {sets.isPending && <LinearProgress aria-label={coreMessages.common.loading} />}
      {sets.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sets.refetch()}>
              {webMessages.reload}
            </Button>
          }
        >
          {m.errorLoading}
        </Alert>
      )}
      {sets.data && (
        <Box
          aria-label={m.setsLabel}
          role="list"
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {sets.data.map((set) => (
            <Box role="listitem" key={set._id} sx={{ minWidth: 0 }}>
              <SetCard set={set} companyId={companyId} />
            </Box>
          ))}
        </Box>
      )}
    </Page>
  );
}
