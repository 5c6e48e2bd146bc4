import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/server', 'packages/bench', 'packages/web'],
    // One worker a core: vitest's default (cores − 1) left one of CI's two cores idle once the
    // main process had transformed the modules. (The server project sets its own.)
    maxWorkers: availableParallelism(),
  },
});
