import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { QueryClient } from '@tanstack/react-query';

/**
 * Renders `ui` at `path` inside the app's providers and a memory router; `routes` adds the pages
 * it may navigate to (each shows its path, so a test can see where it landed).
 */
export function renderWithApp(ui: ReactElement, opts: { path?: string; routes?: RouteObject[]; at?: string } = {}) {
  const { path = '/', routes = [] } = opts;
  const at = opts.at ?? path;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  const router = createMemoryRouter([{ path, element: ui }, ...routes, { path: '*', element: <p>Ruta: sin página</p> }], { initialEntries: [at] });
  return {
    queryClient,
    router,
    ...render(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    ),
  };
}

/** A page stand-in that says where the router is. */
export function landing(path: string): RouteObject {
  return { path, element: <p>{`Ruta: ${path}`}</p> };
}

/** `ui` as the server prerenders it (inside the app's providers): the HTML before any code runs. */
export function renderAsServer(ui: ReactElement): string {
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  return renderToString(
    <AppProvider queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}
