import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { messages } from '@palisade/domain/messages';

/** A card that says there is nothing to show (yet); never sample data in its place. */
export function EmptyState({ text = messages.pages.comingWithLaterWork }: { text?: string }) {
  return (
    <Card>
      <CardContent sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
    </Card>
  );
}
