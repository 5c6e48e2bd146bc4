import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { BaseProviders } from './app/base-providers';
import { limitFirstPaint } from './lib/first-paint';
import { initialLanguage, switchLanguage } from './lib/language';
import { LanguageRoot } from './app/language-root';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

limitFirstPaint();
const reactRoot = createRoot(root);
// Issue 60: a language other than English has its table fetched before the first render.
const language = initialLanguage();
// A transition: React makes the first screen in slices of a few milliseconds and yields to the
// browser between them, instead of one long task that blocks input (issue 25: total blocking
// time). Until then only the server's first paint (or nothing, at /) is on screen.
function render(): void {
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <BaseProviders>
          <LanguageRoot>
            <Boot />
          </LanguageRoot>
        </BaseProviders>
      </StrictMode>,
    );
  });
}

if (language === 'en') render();
else switchLanguage(language, false).then(render, render);
