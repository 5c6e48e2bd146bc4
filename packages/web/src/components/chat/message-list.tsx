import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import type { ChatMessage, ChatSenderType } from '@palisade/domain/chat/chat.schema';
import { webMessages } from '@palisade/domain/messages/web';
import { formatDate, formatDateTime, formatTime } from '../../lib/dates';
import { TintedChip, type PaletteTone } from '../tinted-chip';

const t = webMessages.chat;

const TONES: Record<ChatSenderType, PaletteTone> = {
  ORGANIZATION: 'primary',
  COMPANY: 'success',
  AUDITOR: 'warning',
};

/** 1.2 MB, 340 KB, 12 B. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Up to two initials of a name: "North Sea Scaffolding" → "NS". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Oldest first, by createdAt then _id, each message once. */
export function mergeMessages(...lists: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].sort(
    (a, b) =>
      Date.parse(a.createdAt) - Date.parse(b.createdAt) ||
      (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

function MessageItem({
  message,
  own,
  day,
}: {
  message: ChatMessage;
  own: boolean;
  /** The date, when this message is the first of its day. */
  day: string | null;
}) {
  const { document } = message;
  return (
    <Box component="li" data-message-id={message._id} data-own={own ? 'true' : undefined}>
      {day && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ textAlign: 'center', my: 1.5 }}
        >
          {day}
        </Typography>
      )}
      <Box
        sx={{
          display: 'flex',
          flexDirection: own ? 'row-reverse' : 'row',
          alignItems: 'flex-end',
          gap: 1,
        }}
      >
        <Avatar
          src={message.fromImage ?? undefined}
          alt=""
          aria-hidden="true"
          sx={{ width: 32, height: 32, fontSize: '0.8rem', bgcolor: 'primary.main' }}
        >
          {initialsOf(message.fromName)}
        </Avatar>
        <Box
          sx={(theme) => ({
            maxWidth: 'min(80%, 480px)',
            minWidth: 0,
            px: 1.5,
            py: 1,
            borderRadius: 2,
            border: 1,
            borderColor: own ? alpha(theme.palette.primary.main, 0.3) : 'divider',
            bgcolor: own ? alpha(theme.palette.primary.main, 0.08) : 'background.paper',
          })}
        >
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              rowGap: 0.5,
              mb: 0.5,
            }}
          >
            <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
              {message.fromName}
            </Typography>
            <TintedChip
              tone={TONES[message.fromType]}
              label={own ? t.you : t.senderTypes[message.fromType]}
            />
            <Typography
              variant="caption"
              color="text.secondary"
              component="time"
              dateTime={message.createdAt}
              title={formatDateTime(message.createdAt)}
            >
              {formatTime(message.createdAt)}
            </Typography>
          </Box>
          {message.message && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.message}
            </Typography>
          )}
          {document && (
            <Box
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: message.message ? 1 : 0 }}
            >
              <InsertDriveFileOutlined fontSize="small" color="action" aria-hidden="true" />
              <Link
                href={document.fileLink}
                download={document.fileName}
                aria-label={t.download(document.fileName)}
                variant="body2"
                // The dark primary keeps 4.5:1 contrast on the tinted bubble of one's own messages.
                sx={{ overflowWrap: 'anywhere', color: 'primary.dark' }}
              >
                {document.fileName}
              </Link>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {fileSizeText(document.fileSize)}
              </Typography>
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

interface MessageListProps {
  messages: readonly ChatMessage[];
  /** The signed-in user's id: their messages sit on the right. */
  selfId: string;
}

/**
 * The conversation, oldest first: avatar, sender name, side (Organisation, Company, Auditor), time
 * (hh:mm A, the date once per day), text and file. A log region, so new messages are announced.
 */
export function MessageList({ messages: list, selfId }: MessageListProps) {
  return (
    <Box role="log" aria-label={t.messagesLabel}>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {list.map((message, i) => {
          const day = formatDate(message.createdAt);
          const previous = list[i - 1];
          const firstOfDay = !previous || formatDate(previous.createdAt) !== day;
          return (
            <MessageItem
              key={message._id}
              message={message}
              own={message.fromId === selfId}
              day={firstOfDay ? day : null}
            />
          );
        })}
      </Box>
    </Box>
  );
}
