import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { Authorization } from './authorization';
import { RedirectIfSignedIn, RequireAdmin, RequireUser } from './route-guards';

setupMockApi();

const base = {
  _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  active: true,
  locked: false,
  purchasesBlocked: false,
  approvedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const signedInAs = (rol: 'user' | 'admin') => server.use(http.get('/api/v1/me', () => HttpResponse.json({ ...base, rol })));
const signedOut = () => server.use(http.get('/api/v1/me', () => HttpResponse.json({ message: 'x', code: 'auth.unauthenticated' }, { status: 401 })));

describe('route guards', () => {
  it('sends a visitor to sign-in with the way back', async () => {
    signedOut();
    renderWithApp(
      <RequireUser signInHref="/signin">
        <p>Privado</p>
      </RequireUser>,
      { path: '/configuracion', at: '/configuracion?tab=1', routes: [landing('/signin')] },
    );
    expect(await screen.findByText('Ruta: /signin')).toBeInTheDocument();
  });

  it('lets a signed-in user in', async () => {
    signedInAs('user');
    renderWithApp(
      <RequireUser signInHref="/signin">
        <p>Privado</p>
      </RequireUser>,
      { path: '/shipments' },
    );
    expect(await screen.findByText('Privado')).toBeInTheDocument();
  });

  it('keeps a user out of the admin area and lets an admin in', async () => {
    signedInAs('user');
    const first = renderWithApp(
      <RequireAdmin signInHref="/signin" homeHref="/shipments">
        <p>Usuarios</p>
      </RequireAdmin>,
      { path: '/users' },
    );
    expect(await screen.findByRole('heading', { name: 'Acceso restringido' })).toBeInTheDocument();
    expect(screen.queryByText('Usuarios')).not.toBeInTheDocument();
    first.unmount();
    signedInAs('admin');
    renderWithApp(
      <RequireAdmin signInHref="/signin" homeHref="/shipments">
        <p>Usuarios</p>
      </RequireAdmin>,
      { path: '/users' },
    );
    expect(await screen.findByText('Usuarios')).toBeInTheDocument();
  });

  it('sends a signed-in person away from sign-in', async () => {
    signedInAs('user');
    renderWithApp(
      <RedirectIfSignedIn to="/shipments">
        <p>Formulario</p>
      </RedirectIfSignedIn>,
      { path: '/signin', routes: [landing('/shipments')] },
    );
    expect(await screen.findByText('Ruta: /shipments')).toBeInTheDocument();
  });

  it('<Authorization> shows admin-only parts to admins only', async () => {
    signedInAs('user');
    renderWithApp(
      <>
        <Authorization allowedRoles={['admin']} forbiddenFallback={<p>Sin permiso</p>}>
          <p>Panel admin</p>
        </Authorization>
      </>,
    );
    expect(await screen.findByText('Sin permiso')).toBeInTheDocument();
    expect(screen.queryByText('Panel admin')).not.toBeInTheDocument();
  });
});
