import {
  Component,
  createContext,
  isValidElement,
  lazy,
  use,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { loadOnce } from '../lib/load-once';
import { RouteError } from './route-error';

type PageCode = () => Promise<ComponentType>;

/** Each lazy page's code load, by the page component its route renders (for preloading). */
const pageCode = new WeakMap<object, PageCode>();

/**
 * A route whose screen's code is fetched when it is first shown (or preloaded). The screen
 * suspends until its code arrives: on a first visit the shell's Splash shows; on a move inside a
 * shell the router's transition keeps the current screen up, with the progress bar, until then.
 */
export function page(load: PageCode): Pick<RouteObject, 'element'> {
  const once = loadOnce(load);
  const Page = lazy(() => once().then((loaded) => ({ default: loaded })));
  pageCode.set(Page, once);
  return { element: <Page /> };
}

/** The code load of a route made by page(), if it is one. */
export function routeCode(route: RouteObject): PageCode | undefined {
  return isValidElement(route.element) ? pageCode.get(route.element.type as object) : undefined;
}

/** Whether a move between screens is waiting for the next screen's code (app.tsx provides it). */
export const NavigationPendingContext = createContext(false);

export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}

/**
 * A screen that failed to render or to load its code shows RouteError (its Reload asks for the code
 * again); another address (the browser's Back) shows that screen. (Not keyed by the address: that
 * would make every screen again on each move, the shell's too, and show the Splash instead of
 * keeping the current screen.)
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary pathname={useLocation().pathname}>{children}</ErrorBoundary>;
}

interface ErrorBoundaryState {
  failed: boolean;
  /** The address of the last render: a failure belongs to it. */
  at: string | null;
}

class ErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  ErrorBoundaryState
> {
  override state: ErrorBoundaryState = { failed: false, at: null };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (state.at === props.pathname) return null;
    return { failed: false, at: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
