import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import type { SiteInfo } from '@envios/contracts/site';
import './styles/critical.css';
import { AppProvider, createQueryClient } from './app/provider';
import { routes } from './app/router';
import { getSiteInfoQueryOptions } from './features/site/api/get-site-info';
import { mayHaveSession, meQueryKey } from './features/accounts/api/get-me';
import { PAGE_DATA_ELEMENT_ID, seedPageData, type PageData } from './app/page-data';

// Zod's Spanish fallback messages load beside the first page instead of inside the shell: no form
// validates before this small chunk (already requested here) has run. Same for the CSP-friendly
// parsing mode (no eval probe).
void import('@envios/contracts/messages').then((m) => {
  m.parseWithoutEval();
  m.applySpanishValidationMessages();
});
// Mantine's styles for components the public pages do not show load after the first paint.
const deferredStyles = import('./styles/deferred.css');

const container = document.getElementById('root')!;
const queryClient = createQueryClient();

// A prerendered page carries the site facts it was rendered with: the first render uses the same.
const seeded = document.getElementById('datos-del-sitio');
if (seeded?.textContent) queryClient.setQueryData(getSiteInfoQueryOptions().queryKey, JSON.parse(seeded.textContent) as SiteInfo);
// …and the answers it was rendered with (a guide's tracking): seeded too, so nothing is asked again at once.
const pageData = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (pageData?.textContent) seedPageData(queryClient, JSON.parse(pageData.textContent) as PageData);
// Without the session cookie nobody is signed in: known now, so no answer arrives mid-hydration
// (an update there would make React finish hydrating in one long blocking task).
if (!mayHaveSession()) queryClient.setQueryData(meQueryKey, null);

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

async function start(): Promise<void> {
  if (!container.firstElementChild) {
    // A page the browser renders itself (the signed-in area) may use any component: styles first.
    await deferredStyles.catch(() => undefined);
    createRoot(container).render(app(createBrowserRouter(routes)));
    return;
  }
  // Hydrating: load the matched routes' code first, so the first render is the page itself (as the
  // server rendered it) rather than a loading frame.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const load = m.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(m.route, { ...(await load()), lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  // In a transition, hydration yields to the browser every few milliseconds: no long task.
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
}

void start();
