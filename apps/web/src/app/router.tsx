import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';

/** Routes by audience; pages load lazily so the home page ships only what it needs. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, lazy: () => import('./routes/public/home').then((m) => ({ Component: m.default })) },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.default })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
