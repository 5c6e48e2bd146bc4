import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  Outlet,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useNavigate,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { useLeaveGuard } from '../../lib/leave-guard';
import { AppRouter } from '../app-router';
import { page, routeCode, RouteErrorBoundary, useNavigationPending } from '../route-page';

/** A page whose code arrives when the test says so. */
function deferredPage(text: string) {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const loaded = new Promise<ComponentType>((resolve, reject) => {
    arrive = () => resolve(() => <h1>{text}</h1>);
    fail = reject;
  });
  let asked = 0;
  const load = () => {
    asked += 1;
    return loaded;
  };
  return { load, arrive: () => arrive(), fail: (e: Error) => fail(e), asked: () => asked };
}

function Frame() {
  const pending = useNavigationPending();
  return (
    <>
      {pending && <p>loading the next screen</p>}
      <RouteErrorBoundary>
        <Suspense fallback={<p>splash</p>}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

function renderRouter(routes: RouteObject[], at = '/') {
  const history = createMemoryHistory({ initialEntries: [at], v5Compat: true });
  render(<AppRouter history={history} routes={[{ element: <Frame />, children: routes }]} />);
  return history;
}

describe('the app router (declarative mode, issue 13)', () => {
  it("keeps the current screen up, with the progress bar, until the next screen's code arrives", async () => {
    const next = deferredPage('Next screen');
    renderRouter([
      { path: '/', element: <Link to="/next">Go</Link> },
      { path: '/next', ...page(next.load) },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(screen.getByRole('link', { name: 'Go' })).toBeTruthy();
    expect(screen.getByText('loading the next screen')).toBeTruthy();
    expect(screen.queryByText('splash')).toBeNull();
    await act(async () => next.arrive());
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeTruthy();
    expect(screen.queryByText('loading the next screen')).toBeNull();
  });

  it('applies a move asked with flushSync at once (the observation range while typing)', async () => {
    let navigate: NavigateFunction | null = null;
    function Capture() {
      navigate = useNavigate();
      return <p>start</p>;
    }
    const history = renderRouter([
      { path: '/', element: <Capture /> },
      { path: '/typed', element: <p>typed</p> },
      { path: '/later', element: <p>later</p> },
    ]);
    act(() => {
      void navigate?.('/typed', { replace: true, flushSync: true });
      // Still inside the same act: only an update applied at once is on screen already.
      expect(screen.getByText('typed')).toBeTruthy();
    });
    expect(history.action).toBe('REPLACE');
    act(() => {
      void navigate?.('/later');
      expect(screen.queryByText('later')).toBeNull();
    });
    expect(screen.getByText('later')).toBeTruthy();
  });

  it('shows the error screen when a screen cannot load its code, and another address tries again', async () => {
    // React reports the error the boundary caught; here it is the point of the test.
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = deferredPage('never');
    const history = renderRouter(
      [
        { path: '/broken', ...page(broken.load) },
        { path: '/', element: <p>home</p> },
      ],
      '/broken',
    );
    await act(async () => broken.fail(new Error('chunk gone')));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    await act(async () => history.push('/'));
    expect(await screen.findByText('home')).toBeTruthy();
    report.mockRestore();
  });

  it("preloads a route's code once, shared with its first visit", async () => {
    const later = deferredPage('Later');
    const route: RouteObject = { path: '/later', ...page(later.load) };
    const code = routeCode(route);
    expect(code).toBeDefined();
    void code?.();
    void code?.();
    expect(later.asked()).toBe(1);
    expect(routeCode({ path: '/plain', element: <p>plain</p> })).toBeUndefined();
    renderRouter([{ path: '/', element: <Link to="/later">Later</Link> }, route]);
    await act(async () => later.arrive());
    await userEvent.click(screen.getByRole('link', { name: 'Later' }));
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeTruthy();
    expect(later.asked()).toBe(1);
  });

  it("holds a move a screen's leave guard stops, the browser's Back included, until the user agrees", async () => {
    let unsaved = true;
    function Guarded() {
      const guard = useLeaveGuard(() => unsaved);
      return (
        <>
          <Link to="/elsewhere">Leave</Link>
          {guard.state === 'blocked' && (
            <div role="dialog" aria-label="Leave this page?">
              <button onClick={guard.reset}>Stay</button>
              <button onClick={guard.proceed}>Leave anyway</button>
            </div>
          )}
        </>
      );
    }
    const history = renderRouter(
      [
        { path: '/before', element: <Link to="/guarded">Open</Link> },
        { path: '/guarded', element: <Guarded /> },
        { path: '/elsewhere', element: <p>elsewhere</p> },
      ],
      '/before',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    // A link: held, then Stay keeps the screen.
    await userEvent.click(await screen.findByRole('link', { name: 'Leave' }));
    const ask = screen.getByRole('dialog', { name: 'Leave this page?' });
    expect(history.location.pathname).toBe('/guarded');
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.location.pathname).toBe('/guarded');
    // The browser's Back: the address goes back to the screen while the user is asked.
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/guarded');
    expect(screen.getByRole('link', { name: 'Leave' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Leave anyway' }));
    expect(history.location.pathname).toBe('/before');
    expect(await screen.findByRole('link', { name: 'Open' })).toBeTruthy();
    // Nothing unsaved: no question.
    unsaved = false;
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
