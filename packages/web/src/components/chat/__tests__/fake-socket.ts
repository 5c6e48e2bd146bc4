import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import type { SocketLike } from '../../../lib/realtime';

/**
 * A WebSocket stand-in: records what the client sends; the test plays the server with open(),
 * receive() and drop(). Install it as the global WebSocket with vi.stubGlobal.
 */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  static reset(): void {
    FakeSocket.instances = [];
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** A frame from the server. */
  receive(frame: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** The connection dropped. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** Frames of one type the client sent. */
  sentOfType(type: string): Record<string, unknown>[] {
    return this.sent.filter(
      (frame): frame is Record<string, unknown> =>
        typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === type,
    );
  }
}

export function makeMessage(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: id,
    roomId: 'c1_q1',
    responseId: 'r1',
    questionId: 'q1',
    message: `Message ${id}`,
    fromId: 'a1',
    fromType: 'AUDITOR',
    fromName: 'Avery Auditor',
    fromImage: null,
    createdAt: '2026-03-02T09:05:00.000Z',
    document: null,
    ...overrides,
  };
}
