import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { BaseProviders } from './app/base-providers';
import { limitFirstPaint } from './lib/first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

limitFirstPaint();
createRoot(root).render(
  <StrictMode>
    <BaseProviders>
      <Boot />
    </BaseProviders>
  </StrictMode>,
);
