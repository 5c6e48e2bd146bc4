import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import YouTube from '@mui/icons-material/YouTube';
import { DOC_TYPE_LABELS, DocType, type DocType as DocTypeT } from '@palisade/domain/learning/learning.rules';
import type { LearningDoc } from '@palisade/domain/learning/learning.schema';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { useLearningDocs } from '../api/learning-api';
import { LearningViewerDialog } from './learning-viewer-dialog';

const m = learningMessages;

function TypeIcon({ type }: { type: number }) {
  switch (type) {
    case DocType.IMAGE:
      return <ImageOutlined color="primary" />;
    case DocType.VIDEO:
      return <MovieOutlined color="primary" />;
    case DocType.PDF:
      return <PictureAsPdfOutlined color="primary" />;
    default:
      return <YouTube color="primary" />;
  }
}

/** The learning library: a card per document with its type, category and time; each opens the viewer. */
export function LearningLibrary({ companyId }: { companyId: string | null }) {
  const query = useLearningDocs(companyId);
  const [open, setOpen] = useState<LearningDoc | null>(null);
  const docs = query.data ?? [];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" gutterBottom>
          {m.libraryTitle}
        </Typography>
        {query.isPending && companyId !== null && <Skeleton variant="rounded" height={160} aria-label={coreMessages.common.loading} />}
        {query.isSuccess && docs.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {m.libraryEmpty}
          </Typography>
        )}
        <Box component="ul" aria-label={m.libraryTitle} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {docs.map((d) => (
            <Box component="li" key={d._id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea onClick={() => setOpen(d)} sx={{ height: '100%', alignItems: 'flex-start' }} aria-label={`${m.open} ${d.title}`}>
                  <CardContent>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                      <TypeIcon type={d.type} />
                      <Chip size="small" label={DOC_TYPE_LABELS[d.type as DocTypeT] ?? ''} />
                      <Chip size="small" variant="outlined" label={d.subcat ? `${d.topic} · ${d.subcat}` : d.topic} sx={{ maxWidth: '100%' }} />
                    </Box>
                    <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {d.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {d.desc}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {m.minutes(d.totaltime)} · {m.rewardsLabel(d.rewards)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      </CardContent>
      <LearningViewerDialog doc={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
