import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { BaseProviders } from './app/base-providers';
import { limitFirstPaint } from './lib/first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

limitFirstPaint();
const reactRoot = createRoot(root);
// A transition: React makes the first screen in slices of a few milliseconds and yields to the
// browser between them, instead of one long task that blocks input (issue 25: total blocking
// time). Until then only the server's first paint (or nothing, at /) is on screen.
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <BaseProviders>
        <Boot />
      </BaseProviders>
    </StrictMode>,
  );
});
