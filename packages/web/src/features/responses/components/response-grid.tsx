import Box from '@mui/material/Box';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseCard } from '../../../components/response-card';
import { useFirstRows } from '../../../lib/use-first-rows';

/**
 * Cards of responses in a grid of one, two or three columns, each linked where `to` says; the first
 * screen's cards are made first (lib/use-first-rows.ts).
 */
export function ResponseGrid({
  responses,
  to,
  label = assessmentScreensMessages.responsesList,
  viewerId,
}: {
  responses: readonly ResponseReply[];
  to: (responseId: string) => string;
  label?: string;
  /** The signed-in auditor (its assignments read "Assigned to you"). */
  viewerId?: string;
}) {
  // The first screen's cards first, the rest in the next task (a page holds up to 50).
  const rendered = useFirstRows(responses.length);
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      {responses.slice(0, rendered).map((response) => (
        <Box component="li" key={response._id}>
          <ResponseCard response={response} to={to(response._id)} viewerId={viewerId} />
        </Box>
      ))}
    </Box>
  );
}
