import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  Outlet,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router';
import { AppRouter } from '../../app/app-router';
import { UploadLeavePrompt } from '../../components/upload-leave-prompt';
import { UploadProgress } from '../../components/upload-progress';
import { ApiError, setUnauthenticatedHandler } from '../api-client';
import { apiUpload, runningUploads } from '../uploads';

/** An upload the test moves on by hand: its bytes sent, then the server's answer. */
class HeldXhr {
  static all: HeldXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: unknown = null;
  readonly headers: Record<string, string> = {};

  constructor() {
    HeldXhr.all.push(this);
  }
  open(_method: string, url: string): void {
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: unknown): void {
    this.body = body;
  }
  abort(): void {
    this.onabort?.();
  }
  progress(loaded: number, total: number): void {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  HeldXhr.all = [];
  globalThis.XMLHttpRequest = HeldXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  setUnauthenticatedHandler(() => undefined);
});

function fileOf(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

/** Starts an upload of one file, as the screens do; returns its call and its request. */
function startUpload(name = 'report.pdf', scope = 'q1') {
  const form = new FormData();
  form.append('file', fileOf(name, 2048));
  let call: Promise<unknown> = Promise.resolve();
  act(() => {
    call = apiUpload('/api/assessment/responses/uploadAttachment?responseId=r1', form, { name, scope });
  });
  const xhr = HeldXhr.all.at(-1);
  if (!xhr) throw new Error('no request was sent');
  // Failures are read by the tests that expect them.
  call.catch(() => undefined);
  return { call, xhr };
}

describe('apiUpload', () => {
  it('shows the file name and the bytes sent while it runs, and nothing once done', async () => {
    render(<UploadProgress scope="q1" />);
    const { call, xhr } = startUpload();
    expect(screen.getByText('Uploading report.pdf')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Upload of report.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    xhr.progress(1024, 4096);
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('1.0 KB of 4.0 KB (25%)');
    expect(screen.getByText('1.0 KB of 4.0 KB (25%)')).toBeTruthy();
    xhr.answer(200, { code: 200, message: 'Success', data: { fileName: 'report.pdf' } });
    await expect(call).resolves.toEqual({ fileName: 'report.pdf' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(runningUploads()).toEqual([]);
  });

  it("shows only its own scope's uploads", () => {
    render(<UploadProgress scope="q2" />);
    const { xhr } = startUpload('other.pdf', 'q1');
    expect(screen.queryByRole('progressbar')).toBeNull();
    xhr.answer(200, { code: 200, data: null });
  });

  it("reads errors as apiCall does: the envelope's message, 401 ends the session, no body is Unknown Error", async () => {
    const onExpired = vi.fn();
    setUnauthenticatedHandler(onExpired);
    const first = startUpload();
    first.xhr.answer(400, { code: 400, message: 'File type not supported', data: null });
    await expect(first.call).rejects.toMatchObject({ status: 400, message: 'File type not supported' });
    const second = startUpload();
    second.xhr.answer(401, { code: 401, message: 'Session expired' });
    await expect(second.call).rejects.toBeInstanceOf(ApiError);
    expect(onExpired).toHaveBeenCalledTimes(1);
    const third = startUpload();
    third.xhr.answer(502, '<html>Bad gateway</html>');
    await expect(third.call).rejects.toMatchObject({ status: 502, message: 'Unknown Error' });
    const fourth = startUpload();
    act(() => fourth.xhr.onerror?.());
    await expect(fourth.call).rejects.toMatchObject({ status: 0, message: 'Unknown Error' });
    expect(runningUploads()).toEqual([]);
  });
});

/** Whether a reload now would make the browser ask. */
function reloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function Shell() {
  return (
    <>
      <UploadLeavePrompt />
      <Outlet />
    </>
  );
}

function renderApp() {
  const history = createMemoryHistory({ initialEntries: ['/checklist'], v5Compat: true });
  render(
    <AppRouter
      history={history}
      routes={[
        {
          element: <Shell />,
          children: [
            {
              path: '/checklist',
              element: (
                <>
                  <h1>Checklist</h1>
                  <Link to="/home">Home</Link>
                  <UploadProgress scope="q1" />
                </>
              ),
            },
            { path: '/home', element: <h1>Home page</h1> },
          ],
        },
      ]}
    />,
  );
  return history;
}

describe('leaving while an upload runs (the app shell)', () => {
  it('registers beforeunload only while an upload runs, and removes it after', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    renderApp();
    const registered = () => add.mock.calls.filter(([type]) => type === 'beforeunload').length;
    const removed = () => remove.mock.calls.filter(([type]) => type === 'beforeunload').length;
    expect(registered()).toBe(0);
    expect(reloadAsks()).toBe(false);
    const { xhr } = startUpload();
    expect(registered()).toBe(1);
    expect(reloadAsks()).toBe(true);
    xhr.answer(200, { code: 200, data: null });
    expect(removed()).toBe(1);
    expect(reloadAsks()).toBe(false);
    add.mockRestore();
    remove.mockRestore();
  });

  it('asks before an in-app move; Stay keeps the upload, which completes', async () => {
    const history = renderApp();
    const { call, xhr } = startUpload();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText('An upload is still running. Leave and lose it?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(history.location.pathname).toBe('/checklist');
    expect(screen.getByRole('progressbar', { name: 'Upload of report.pdf' })).toBeTruthy();
    xhr.answer(200, { code: 200, data: { ok: true } });
    await expect(call).resolves.toEqual({ ok: true });
    // Nothing runs any more: the next move goes unasked.
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('Leave stops the upload and goes', async () => {
    const history = renderApp();
    const { call } = startUpload();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(history.location.pathname).toBe('/home');
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(runningUploads()).toEqual([]);
    expect(reloadAsks()).toBe(false);
  });
});
