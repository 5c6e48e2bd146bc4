import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';

/** A card that says there is nothing to show (yet); never sample data in its place. */
export function EmptyState({ text = coreMessages.pages.comingWithLaterWork }: { text?: string }) {
  return (
    <Card>
      <CardContent sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
    </Card>
  );
}
