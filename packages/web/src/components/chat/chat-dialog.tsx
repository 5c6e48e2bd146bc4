import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import { canSendChat, type ChatMessage } from '@palisade/domain/chat/chat.schema';
import { CHAT_MESSAGE_MAX_LENGTH } from '@palisade/domain/constants';
import {
  ALLOWED_EXTENSIONS,
  isAllowedExtension,
  isAllowedSize,
} from '@palisade/domain/files/file.rules';
import { coreMessages } from '@palisade/domain/messages-core';
import { filesMessages } from '@palisade/domain/messages/files';
import { webMessages } from '@palisade/domain/messages/web';
import { orgAuditorMessages } from '@palisade/domain/responses/org-auditor.messages';
import { newClientId } from '../../lib/client-id';
import { showError } from '../../lib/notifier';
import { useTextLimit } from '../../lib/text-limit';
import { LimitHelperText } from '../limit-helper-text';
import { UploadProgress } from '../upload-progress';
import { useRealtimeMessages, useRealtimeStatus } from '../../lib/realtime';
import { useMe } from '../../lib/session';
import {
  historyOf,
  setUnread,
  useChatMessages,
  useMarkRead,
  chatUploadScope,
  useSendChatMessage,
  type RoomRef,
} from './chat-api';
import { holdRoomOpen } from './live-unread';
import { fileSizeText, MessageList, mergeMessages } from './message-list';

const t = webMessages.chat;
const ACCEPT = ALLOWED_EXTENSIONS.checklist.map((ext) => `.${ext}`).join(',');

/**
 * The client checks of a chat file, the same as a checklist attachment's (spec §5): its
 * extension, that it is not empty (issue 56), then the 10 MB cap. Returns the text to show, or null when the file may be sent.
 */
export function chatFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!isAllowedExtension(file.name, 'checklist')) return filesMessages.unsupported;
  if (file.size === 0) return filesMessages.empty(file.name);
  if (!isAllowedSize(file.size)) return filesMessages.tooLarge;
  return null;
}

interface ConversationProps extends RoomRef {
  questionText: string;
  titleId: string;
  phone: boolean;
  onClose: () => void;
}

/** Keeps the newest message in view; when older ones are added above, the view stays put. */
function useScrollToNewest(list: readonly ChatMessage[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = useRef<{ id: string | undefined; height: number }>({ id: undefined, height: 0 });
  const newestId = list.at(-1)?._id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (newestId !== last.current.id) {
      element.scrollTop = element.scrollHeight;
    } else if (element.scrollHeight !== last.current.height) {
      element.scrollTop += element.scrollHeight - last.current.height;
    }
    last.current = { id: newestId, height: element.scrollHeight };
  }, [list, newestId]);
  return scroller;
}

/** The dialog's content; mounted at each opening (so each opening reads and marks read). */
function Conversation({
  responseId,
  questionId,
  questionText,
  titleId,
  phone,
  onClose,
}: ConversationProps) {
  const room = useMemo(() => ({ responseId, questionId }), [responseId, questionId]);
  const selfId = useMe().data?._id ?? '';
  const queryClient = useQueryClient();
  const history = useChatMessages(room);
  const send = useSendChatMessage();
  const markRead = useMarkRead();
  const status = useRealtimeStatus();
  const [live, setLive] = useState<readonly ChatMessage[]>([]);
  const [text, setText] = useState('');
  const limit = useTextLimit(CHAT_MESSAGE_MAX_LENGTH);
  const [file, setFile] = useState<File | null>(null);
  // The id of the message being composed: kept for its retries, a new one once it is sent.
  const [messageId, setMessageId] = useState(newClientId);
  // Set at once on Send (isPending comes a render later): a double click sends one request.
  const sending = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  useEffect(() => holdRoomOpen(room), [room]);

  // getMessages marked the room read: its badge goes back to 0.
  const loaded = history.isSuccess;
  useEffect(() => {
    if (loaded) setUnread(queryClient, room, () => 0);
  }, [loaded, queryClient, room]);

  useRealtimeMessages(responseId, {
    onMessage: (message) => {
      if (message.questionId !== questionId) return;
      setLive((list) => [...list, message]);
      if (message.fromId !== selfId) markRead.mutate(room);
    },
  });

  const list = useMemo(() => mergeMessages(historyOf(history.data), live), [history.data, live]);
  const scroller = useScrollToNewest(list);

  // A COMPLETED response's chat is read, not written (the server says so with the messages).
  const readOnly = history.data?.pages.some((page) => page.readOnly === true) ?? false;
  const sendable = !readOnly && !send.isPending && canSendChat(text, file !== null);
  const sendNow = () => {
    if (!sendable || sending.current) return;
    sending.current = true;
    send.mutate(
      { ...room, id: messageId, message: text.trim(), file },
      {
        onSuccess: (message) => {
          setLive((current) => [...current, message]);
          setText('');
          limit.reset();
          setFile(null);
          setMessageId(newClientId());
          textInput.current?.focus();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    sendNow();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = chatFileProblem(chosen);
    if (problem) return showError(problem);
    setFile(chosen);
  };

  return (
    <>
      <DialogTitle
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, pr: 1, overflowWrap: 'anywhere' }}
      >
        {/* The dialog is named by the question alone, not by the close button beside it. */}
        <Box component="span" id={titleId} sx={{ flex: 1, minWidth: 0 }}>
          {questionText}
        </Box>
        <IconButton aria-label={t.close} onClick={onClose} sx={{ mt: -0.5 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>

      <Box
        ref={scroller}
        sx={{
          flex: 1,
          overflowY: 'auto',
          px: { xs: 1.5, sm: 3 },
          py: 2,
          bgcolor: 'background.default',
          borderTop: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {history.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Button
              size="small"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              {t.loadEarlier}
            </Button>
          </Box>
        )}
        {history.isPending ? (
          <Box
            role="status"
            aria-label={coreMessages.common.loading}
            sx={{ display: 'flex', justifyContent: 'center', py: 4 }}
          >
            <CircularProgress size={28} />
          </Box>
        ) : (
          <>
            {list.length === 0 && (
              <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
                {t.noMessages}
              </Typography>
            )}
            <MessageList messages={list} selfId={selfId} />
          </>
        )}
      </Box>

      {readOnly ? (
        <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 1.5, pb: 2 }}>
          <Alert severity="info">{orgAuditorMessages.chatReadOnly}</Alert>
        </Box>
      ) : (
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React events bubble through the portal: the checklist's own form must not submit.
          event.stopPropagation();
          sendNow();
        }}
        sx={{ display: 'grid', gap: 1, px: { xs: 1.5, sm: 3 }, pt: 1.5, pb: 2 }}
      >
        {status === 'waiting' && (
          <Alert severity="warning" sx={{ py: 0 }}>
            {t.reconnecting}
          </Alert>
        )}
        {file && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <InsertDriveFileOutlined fontSize="small" color="action" aria-hidden="true" />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {fileSizeText(file.size)}
            </Typography>
            <IconButton
              size="small"
              aria-label={t.removeFile(file.name)}
              onClick={() => setFile(null)}
              disabled={send.isPending}
            >
              <CloseRounded fontSize="small" />
            </IconButton>
          </Box>
        )}
        <UploadProgress scope={chatUploadScope(room)} />
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={onFile}
            data-testid="chat-file-input"
          />
          <Tooltip title={t.attachHelp}>
            <IconButton
              aria-label={t.attach}
              onClick={() => fileInput.current?.click()}
              disabled={send.isPending}
              color="primary"
            >
              <AttachFileRounded />
            </IconButton>
          </Tooltip>
          <TextField
            value={text}
            onChange={(event) => setText(limit.take(event.target.value))}
            onKeyDown={onKeyDown}
            placeholder={t.inputPlaceholder}
            multiline
            maxRows={5}
            size="small"
            margin="none"
            autoFocus={!phone}
            inputRef={textInput}
            slotProps={{
              htmlInput: {
                'aria-label': t.inputLabel,
                'aria-describedby': hintId,
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!sendable}
            loading={send.isPending}
            endIcon={<SendRounded />}
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            {t.send}
          </Button>
        </Box>
        <Typography id={hintId} variant="caption" color={limit.cut ? 'text.primary' : 'text.secondary'}>
          <LimitHelperText text={limit.cut ? undefined : t.sendHint} length={text.length} max={CHAT_MESSAGE_MAX_LENGTH} cut={limit.cut} />
        </Typography>
      </Box>
      )}
    </>
  );
}

interface ChatDialogProps extends RoomRef {
  open: boolean;
  onClose: () => void;
  /** The question's text: the dialog's title. */
  questionText: string;
}

/**
 * The chat of one question of a response (spec §2, Checklist: chat): the conversation between the
 * contractor, the organisation and its auditors, live. Full screen on phones.
 */
export function ChatDialog({ open, onClose, questionText, ...room }: ChatDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          sx: phone ? undefined : { height: 'min(720px, calc(100% - 64px))' },
        },
      }}
    >
      <Conversation
        {...room}
        questionText={questionText}
        titleId={titleId}
        phone={phone}
        onClose={onClose}
      />
    </Dialog>
  );
}
