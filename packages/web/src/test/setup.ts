import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetNotifier } from '../lib/notifier';

// The first visit of a lazy route compiles its modules, which can take over a second under load.
configure({ asyncUtilTimeout: 5000 });

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetNotifier();
  localStorage.clear();
});
