import { useState } from 'react';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Button from '@mui/material/Button';
import { feedbackMessages } from '@palisade/domain/messages/feedback';
import { loadOnce } from '../../lib/load-once';
import { useCodeOnDemand } from '../../lib/use-code-on-demand';

/** The modal's code (its form library and schema): fetched when the user reaches for the button. */
const loadDialog = loadOnce(() =>
  import('./give-feedback-dialog').then((module) => module.GiveFeedbackDialog),
);
const preload = () => void loadDialog().catch(() => undefined);

/**
 * The homes' Give Feedback button. The modal's code is not part of a home's first load (issue 13);
 * it starts when the pointer or the focus reaches the button, which shows it loading until the
 * modal opens. The modal stays mounted once opened, so it closes with its transition.
 */
export function GiveFeedbackButton() {
  const [open, setOpen] = useState(false);
  const dialog = useCodeOnDemand(loadDialog);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<RateReviewOutlined />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpen(true);
          dialog.request(() => setOpen(false));
        }}
        loading={open && !dialog.Component}
      >
        {feedbackMessages.giveFeedback}
      </Button>
      {dialog.Component && <dialog.Component open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
