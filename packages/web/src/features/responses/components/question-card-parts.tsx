import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The questions of a checklist on phones: one card (an <li>) per question, in order. */
export function QuestionCardList({
  label,
  gap,
  children,
}: {
  label: string;
  gap: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap }}
    >
      {children}
    </Box>
  );
}

/** The top of a question's card on phones: its numbered text, and its status mark at the right. */
export function QuestionCardHead({ topic, status }: { topic: ReactNode; status: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}
    >
      {topic}
      <Box sx={{ flexShrink: 0 }}>{status}</Box>
    </Box>
  );
}

/** One part of a question's card on phones under its column's name (a table's header on wide screens). */
export function LabelledPart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}
