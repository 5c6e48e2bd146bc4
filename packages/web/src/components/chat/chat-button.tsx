import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import { webMessages } from '@palisade/domain/messages/web';
import { useMe } from '../../lib/session';
import { useUnreadCounts, type RoomRef } from './chat-api';
import { ChatDialog } from './chat-dialog';
import { useLiveUnreadCounts } from './live-unread';
import { useOpenChat } from './open-chat';

interface ChatButtonProps extends RoomRef {
  /** The button's accessible name, e.g. "Chat about question 3" (its unread count is added). */
  label: string;
  /** The question's text: the dialog's title. */
  questionText: string;
}

/**
 * A question's chat button: the unread count of its room as a badge and in its accessible name
 * (one getUnreadCounts per response, kept live by the socket), and the chat dialog it opens. A
 * link naming the question (`?chat=<questionId>`, a chat digest's) opens the dialog with the page.
 */
export function ChatButton({ responseId, questionId, label, questionText }: ChatButtonProps) {
  const [open, setOpen] = useOpenChat({ responseId, questionId });
  const selfId = useMe().data?._id ?? '';
  const counts = useUnreadCounts(responseId);
  useLiveUnreadCounts(responseId, selfId);
  const unread = counts.data?.[questionId] ?? 0;

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? webMessages.chat.buttonUnread(label, unread) : label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        color={unread > 0 ? 'primary' : 'default'}
        data-unread={unread}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <ChatBubbleOutlineRounded />
        </Badge>
      </IconButton>
      <ChatDialog
        open={open}
        onClose={() => setOpen(false)}
        responseId={responseId}
        questionId={questionId}
        questionText={questionText}
      />
    </>
  );
}
