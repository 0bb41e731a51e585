import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppServices } from './app/app-services.ts';
import { restoreDarkMode } from './lib/color-mode.ts';
import { initI18n } from './lib/i18n.ts';

restoreDarkMode();

// Navigation rule 6: nothing renders until the saved language has loaded.
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <App services={createAppServices()} />
    </StrictMode>,
  );
});
