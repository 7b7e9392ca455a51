import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import { AppProvider, createQueryClient } from './app/provider';
import { createRouter } from './app/router';

// Zod's Spanish fallback messages load beside the first page instead of inside the shell: no form
// validates before this small chunk (already requested here) has run.
void import('@envios/contracts/messages').then((m) => m.applySpanishValidationMessages());
const queryClient = createQueryClient();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
