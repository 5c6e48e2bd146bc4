import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch, type MockHandler } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { resetRealtimeClient } from '../../../lib/realtime';
import { useMe } from '../../../lib/session';
import { ChatButton } from '../chat-button';
import { ChatDialog } from '../chat-dialog';
import { FakeSocket, makeMessage } from './fake-socket';

const ME = makeProfile({ _id: 'c1', user: 'c1', name: 'North Sea Scaffolding' });
const GET = '/api/chat/getMessages';
const SEND = '/api/chat/sendMessage';
const READ = '/api/chat/markRead';
const UNREAD = '/api/chat/getUnreadCounts';
const QUESTION = 'Do you keep a register of hazardous substances?';
/** 14:05 local time, shown as 02:05 PM. */
const AT = new Date(2026, 2, 2, 14, 5).toISOString();

function SignedIn({ children }: { children: ReactNode }) {
  const { data } = useMe();
  return data ? children : null;
}

type Handlers = Record<string, MockHandler>;

function renderDialog(history: ChatMessage[], handlers: Handlers = {}, hasMore = false) {
  const fetchMock = mockFetch({
    '/api/auth/me': { data: ME },
    [GET]: { data: { roomId: 'c1_q1', messages: history, hasMore } },
    [READ]: { data: { roomId: 'c1_q1' } },
    ...handlers,
  });
  const onClose = vi.fn();
  const result = renderPage(
    <SignedIn>
      <ChatDialog
        open
        onClose={onClose}
        responseId="r1"
        questionId="q1"
        questionText={QUESTION}
      />
    </SignedIn>,
  );
  return { fetchMock, onClose, ...result };
}

function liveSocket(): FakeSocket {
  const socket = FakeSocket.latest();
  if (socket.readyState !== 1) act(() => socket.open());
  return socket;
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  resetRealtimeClient();
  vi.unstubAllGlobals();
});

// userEvent typing is slow on a loaded machine: more than the default 5 s per test.
describe('chat dialog', () => {
  it('shows each message with name, side, time (hh:mm A), text and file, own ones on the right', async () => {
    renderDialog([
      makeMessage('m1', {
        fromId: 'o1',
        fromType: 'ORGANIZATION',
        fromName: 'Olive Org',
        createdAt: AT,
        message: 'Please attach the register.',
      }),
      makeMessage('m2', {
        fromId: 'c1',
        fromType: 'COMPANY',
        fromName: 'North Sea Scaffolding',
        fromImage: '/api/files/img1/me.png',
        createdAt: AT,
        message: '',
        document: {
          fileName: 'register.pdf',
          filePath: 'chat_rooms/c1_q1/messages/m2/attachments/AbCdE_register.pdf',
          fileLink: '/api/files/f2/register.pdf',
          fileSize: 2048,
          contentType: 'application/pdf',
        },
      }),
      makeMessage('m3', { fromName: 'Avery Auditor', createdAt: AT, message: 'Line one\nline two' }),
    ]);

    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    const log = await within(dialog).findByRole('log', { name: 'Messages' });
    const items = await within(log).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(first).getByText('Olive Org')).toBeTruthy();
    expect(within(first).getByText('Organisation')).toBeTruthy();
    expect(within(first).getByText('02:05 PM')).toBeTruthy();
    expect(within(first).getByText('Please attach the register.')).toBeTruthy();
    expect(within(first).getByText('OO')).toBeTruthy();
    expect(first.dataset.own).toBeUndefined();

    // One's own message reads "You"; the stored sender type (COMPANY) stays.
    expect(within(second).getByText('You')).toBeTruthy();
    expect(within(second).queryByText('Company')).toBeNull();
    const link = within(second).getByRole('link', { name: 'Download register.pdf' });
    expect(link.getAttribute('href')).toBe('/api/files/f2/register.pdf');
    expect(within(second).getByText('2 KB')).toBeTruthy();
    expect(second.dataset.own).toBe('true');
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/api/files/img1/me.png');

    expect(within(third).getByText('Auditor')).toBeTruthy();
    expect(within(third).getByText(/Line one\s+line two/)).toBeTruthy();
  });

  it('enables Send only with text or a file, and not while sending', async () => {
    let release: () => void = () => undefined;
    const sent: FormData[] = [];
    const { fetchMock } = renderDialog([], {
      [SEND]: (body) => {
        sent.push(body as FormData);
        return { data: makeMessage('m9', { fromId: 'c1', message: 'On its way', createdAt: AT }) };
      },
    });
    // Holds the send call open until release() so that the pending state can be seen.
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (input === SEND) await new Promise<void>((resolve) => (release = resolve));
      return original ? original(input, init) : new Response();
    });

    const user = userEvent.setup();
    await screen.findByText('No messages yet. Ask or answer about this question here.');
    const send = screen.getByRole('button', { name: 'Send' });
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, '   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);

    // A file alone is enough; removing it disables Send again.
    const pdf = new File(['%PDF-1.4'], 'permit.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('chat-file-input'), pdf);
    expect(screen.getByText('permit.pdf')).toBeTruthy();
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove permit.pdf' }));
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await user.type(input, 'On its way');
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await user.click(send);
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(true));
    act(() => release());
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('On its way')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('responseId')).toBe('r1');
    expect(sent[0]?.get('questionId')).toBe('q1');
    expect(sent[0]?.get('message')).toBe('On its way');
    expect(sent[0]?.get('file')).toBeNull();
  });

  it('sends on Enter, starts a new line on Shift+Enter, and sends a file with the text', async () => {
    const sent: FormData[] = [];
    renderDialog([], {
      [SEND]: (body) => {
        sent.push(body as FormData);
        return { data: makeMessage(`m${sent.length}`, { fromId: 'c1', createdAt: AT }) };
      },
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.upload(
      screen.getByTestId('chat-file-input'),
      new File(['%PDF-1.4'], 'permit.pdf', { type: 'application/pdf' }),
    );
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect((input as HTMLTextAreaElement).value).toBe('First line\nsecond line');
    expect(sent).toHaveLength(0);
    await user.type(input, '{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('message')).toBe('First line\nsecond line');
    expect((sent[0]?.get('file') as File | null)?.name).toBe('permit.pdf');
    await waitFor(() => expect(screen.queryByText('permit.pdf')).toBeNull());
  });

  it('sends one request for a double click, with an id kept for a retry and renewed once sent (issue 56)', async () => {
    const sent: FormData[] = [];
    let fail = true;
    let release: () => void = () => undefined;
    const { fetchMock } = renderDialog([], {
      [SEND]: (body) => {
        sent.push(body as FormData);
        if (fail) return { status: 500, message: 'Try again' };
        return { data: makeMessage(`m${sent.length}`, { fromId: 'c1', message: 'Twice?', createdAt: AT }) };
      },
    });
    // The first send's reply is held until release(): the double click's second click comes while it runs.
    const original = fetchMock.getMockImplementation();
    let held = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (input === SEND && !held) {
        held = true;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return original ? original(input, init) : new Response();
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Twice?');
    const send = screen.getByRole('button', { name: 'Send' });
    // Two clicks in one go, as a double click lands before the page has drawn the first's effect.
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(held).toBe(true));
    // Give a second request every chance to start before the first is answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calledPaths(fetchMock).filter((p) => p === SEND)).toHaveLength(1);
    act(() => release());
    await waitFor(() => expect(sent).toHaveLength(1));
    const firstId = sent[0]?.get('id');
    expect(firstId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    fail = false;
    await user.click(send);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.get('id')).toBe(firstId);
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    await user.type(input, 'Next');
    await user.click(send);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.get('id')).not.toBe(firstId);
  });

  it('cuts a paste over the limit, says so, and counts near the limit (issue 56)', async () => {
    renderDialog([]);
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByText(/\/ 2000$/)).toBeNull();
    await user.click(input);
    await user.paste('x'.repeat(2100));
    expect((input as HTMLTextAreaElement).value).toHaveLength(2000);
    expect(screen.getByText('The pasted text was longer than 2000 characters: it was cut to the first 2000.')).toBeTruthy();
    expect(screen.getByText('2000 / 2000')).toBeTruthy();
    await user.type(input, '{Backspace}');
    expect(screen.queryByText(/was cut/)).toBeNull();
    expect(screen.getByText('1999 / 2000')).toBeTruthy();
  });

  it('refuses a file of another type or over 10 MB with the catalogue texts', async () => {
    renderDialog([]);
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('textbox', { name: 'Message' });
    await user.upload(
      screen.getByTestId('chat-file-input'),
      new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
    );
    expect(await screen.findByText('Files with unsupported type found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId('chat-file-input'), big);
    expect(await screen.findByText('Sorry, Max file size allowed is 10MB')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.queryByText('huge.pdf')).toBeNull();
    const send = await screen.findByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
  });

  it('appends live messages of its room, marks them read, and ignores other rooms', async () => {
    const { fetchMock } = renderDialog([makeMessage('m1', { createdAt: AT })]);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Message m1');
    const socket = liveSocket();
    expect(socket.sentOfType('subscribe')).toEqual([{ type: 'subscribe', responseId: 'r1' }]);

    act(() => {
      socket.receive({ type: 'message', message: makeMessage('m2', { message: 'Live one' }) });
      socket.receive({
        type: 'message',
        message: makeMessage('m3', { questionId: 'q2', message: 'Other question' }),
      });
    });
    expect(await within(log).findByText('Live one')).toBeTruthy();
    expect(within(log).queryByText('Other question')).toBeNull();
    await waitFor(() => expect(calledPaths(fetchMock)).toContain(READ));
    const readCall = fetchMock.mock.calls.find(([path]) => path === READ);
    expect(JSON.parse(readCall?.[1]?.body as string)).toEqual({ responseId: 'r1', questionId: 'q1' });
  });

  it('loads earlier messages on request', async () => {
    const older = makeMessage('m0', { message: 'The oldest', createdAt: AT });
    const requests: unknown[] = [];
    renderDialog([], {
      [GET]: (body) => {
        requests.push(body);
        const before = (body as { before?: string }).before;
        return before
          ? { data: { roomId: 'c1_q1', messages: [older], hasMore: false } }
          : {
              data: {
                roomId: 'c1_q1',
                messages: [makeMessage('m5', { message: 'Newer', createdAt: AT })],
                hasMore: true,
              },
            };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load earlier' }));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('The oldest');
    const texts = within(log)
      .getAllByRole('listitem')
      .map((item) => item.dataset.messageId);
    expect(texts).toEqual(['m0', 'm5']);
    expect(requests).toEqual([
      { responseId: 'r1', questionId: 'q1', limit: 50 },
      { responseId: 'r1', questionId: 'q1', before: 'm5', limit: 50 },
    ]);
    expect(screen.queryByRole('button', { name: 'Load earlier' })).toBeNull();
  });

  it('does not submit the page form it is rendered in (React events cross the portal)', async () => {
    const outer = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    mockFetch({
      '/api/auth/me': { data: ME },
      [GET]: { data: { roomId: 'c1_q1', messages: [], hasMore: false } },
      [SEND]: { data: makeMessage('m1', { fromId: 'c1', message: 'Inside a form', createdAt: AT }) },
    });
    renderPage(
      <SignedIn>
        <form onSubmit={outer}>
          <ChatDialog open onClose={() => undefined} responseId="r1" questionId="q1" questionText={QUESTION} />
        </form>
      </SignedIn>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Inside a form');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByRole('log')).findByText('Inside a form')).toBeTruthy();
    expect(outer).not.toHaveBeenCalled();
  });

  it('closes with its close button', async () => {
    const { onClose } = renderDialog([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('chat button', () => {
  function renderButtons(counts: Record<string, number>) {
    const fetchMock = mockFetch({
      '/api/auth/me': { data: ME },
      [UNREAD]: { data: counts },
      [GET]: { data: { roomId: 'c1_q1', messages: [], hasMore: false } },
      [READ]: { data: { roomId: 'c1_q1' } },
    });
    renderPage(
      <SignedIn>
        <ChatButton responseId="r1" questionId="q1" label="Chat about question 1" questionText="Q1?" />
        <ChatButton responseId="r1" questionId="q2" label="Chat about question 2" questionText="Q2?" />
      </SignedIn>,
    );
    return fetchMock;
  }

  // hidden: the page behind an open dialog is aria-hidden, and its badges still count.
  const badgeOf = (name: string) =>
    screen.getByRole('button', { name, hidden: true }).getAttribute('data-unread');

  it('shows the unread count of its room, read once per response', async () => {
    const fetchMock = renderButtons({ q1: 3 });
    // The count is in the button's name as well as its badge; a room with none has the plain name.
    const button = await screen.findByRole('button', { name: 'Chat about question 1, 3 unread' });
    expect(badgeOf('Chat about question 1, 3 unread')).toBe('3');
    expect(within(button).getByText('3')).toBeTruthy();
    expect(badgeOf('Chat about question 2')).toBe('0');
    expect(calledPaths(fetchMock).filter((p) => p === UNREAD)).toHaveLength(1);
    // Both buttons share one subscription.
    expect(liveSocket().sentOfType('subscribe')).toHaveLength(1);
  });

  it('stays open when the page swaps its layout (table and cards), and closes once the page is left', async () => {
    mockFetch({
      '/api/auth/me': { data: ME },
      [UNREAD]: { data: {} },
      [GET]: { data: { roomId: 'c1_q1', messages: [], hasMore: false } },
    });
    type Shape = 'table' | 'cards' | 'gone';
    let setShape: (shape: Shape) => void = () => undefined;
    function Layout() {
      const [shape, set] = useState<Shape>('table');
      setShape = set;
      const button = (
        <ChatButton responseId="r1" questionId="q1" label="Chat about question 1" questionText="Q1?" />
      );
      if (shape === 'gone') return <p>elsewhere</p>;
      return shape === 'table' ? <div data-shape="table">{button}</div> : <section>{button}</section>;
    }
    renderPage(
      <SignedIn>
        <Layout />
      </SignedIn>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Chat about question 1' }));
    await screen.findByRole('dialog', { name: 'Q1?' });

    act(() => setShape('cards'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('dialog', { name: 'Q1?' })).toBeTruthy();

    act(() => setShape('gone'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => setShape('table'));
    await screen.findByRole('button', { name: 'Chat about question 1' });
    expect(screen.queryByRole('dialog', { name: 'Q1?' })).toBeNull();
  });

  it('counts live messages from others in closed rooms, not own ones, and clears on opening', async () => {
    renderButtons({ q1: 1 });
    await waitFor(() => expect(badgeOf('Chat about question 1, 1 unread')).toBe('1'));
    const socket = liveSocket();
    act(() => {
      socket.receive({ type: 'message', message: makeMessage('m1') });
      socket.receive({ type: 'message', message: makeMessage('m2', { questionId: 'q2' }) });
      socket.receive({ type: 'message', message: makeMessage('m3', { fromId: 'c1' }) });
    });
    await waitFor(() => expect(badgeOf('Chat about question 1, 2 unread')).toBe('2'));
    expect(badgeOf('Chat about question 2, 1 unread')).toBe('1');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat about question 1, 2 unread' }));
    await screen.findByRole('dialog', { name: 'Q1?' });
    await waitFor(() => expect(badgeOf('Chat about question 1')).toBe('0'));
    // While the dialog is open its room's messages are read, not counted.
    act(() => socket.receive({ type: 'message', message: makeMessage('m4', { message: 'Seen' }) }));
    expect(await screen.findByText('Seen')).toBeTruthy();
    expect(badgeOf('Chat about question 1')).toBe('0');
  });

  it('opens the chat a link names (?chat=<questionId>, the bell’s digest), and takes the name out of the URL on closing', async () => {
    mockFetch({
      '/api/auth/me': { data: ME },
      [UNREAD]: { data: { q2: 2 } },
      [GET]: { data: { roomId: 'c1_q2', messages: [], hasMore: false } },
      [READ]: { data: { roomId: 'c1_q2' } },
    });
    const { router } = renderRoutes(
      [
        {
          path: '/checklist',
          element: (
            <SignedIn>
              <ChatButton responseId="r1" questionId="q1" label="Chat about question 1" questionText="Q1?" />
              <ChatButton responseId="r1" questionId="q2" label="Chat about question 2" questionText="Q2?" />
            </SignedIn>
          ),
        },
      ],
      '/checklist?chat=q2&tab=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Q2?' });
    expect(screen.queryByRole('dialog', { name: 'Q1?' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Q2?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/checklist');
    expect(router.state.location.search).toBe('?tab=1');
    expect(router.state.historyAction).toBe('REPLACE');

    // Opened by hand, it closes leaving the URL as it is.
    await user.click(screen.getByRole('button', { name: 'Chat about question 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Q1?' })).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Q1?' })).toBeNull());
    expect(router.state.location.search).toBe('?tab=1');
  });
});
