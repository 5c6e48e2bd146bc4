import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { AssessStatus } from '@palisade/domain/statuses';
import { ScreenReaderText } from './answer-input';

const t = responseScreensMessages;

/** The Status column: a correct mark for ACCEPTED, a wrong mark for REJECTED (spec §2). */
export function StatusMark({ assessStatus }: { assessStatus: AssessStatus }) {
  switch (assessStatus) {
    case AssessStatus.ACCEPTED:
      return (
        <CheckCircleRounded
          color="success"
          role="img"
          aria-hidden={false}
          aria-label={t.accepted}
          data-testid="accepted-mark"
        />
      );
    case AssessStatus.REJECTED:
      return (
        <CancelRounded
          color="error"
          role="img"
          aria-hidden={false}
          aria-label={t.rejected}
          data-testid="rejected-mark"
        />
      );
    case AssessStatus.NONE:
      return <ScreenReaderText>{t.notJudged}</ScreenReaderText>;
  }
}
