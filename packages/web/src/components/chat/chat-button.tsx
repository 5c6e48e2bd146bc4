import { useId } from 'react';
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
  /** The button's accessible name, e.g. "Chat about question 3". */
  label: string;
  /** The question's text: the dialog's title. */
  questionText: string;
}

/**
 * A question's chat button: the unread count of its room as a badge (one getUnreadCounts per
 * response, kept live by the socket), and the chat dialog it opens.
 */
export function ChatButton({ responseId, questionId, label, questionText }: ChatButtonProps) {
  const [open, setOpen] = useOpenChat({ responseId, questionId });
  const selfId = useMe().data?._id ?? '';
  const counts = useUnreadCounts(responseId);
  useLiveUnreadCounts(responseId, selfId);
  const unread = counts.data?.[questionId] ?? 0;
  const unreadId = useId();

  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="dialog"
        aria-describedby={unread > 0 ? unreadId : undefined}
        onClick={() => setOpen(true)}
        color={unread > 0 ? 'primary' : 'default'}
        data-unread={unread}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <ChatBubbleOutlineRounded />
        </Badge>
      </IconButton>
      {unread > 0 && (
        <span id={unreadId} hidden>
          {webMessages.chat.unread(unread)}
        </span>
      )}
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
