import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { UsersAdmin } from './users-admin';

setupMockApi();

const row = (over: Record<string, unknown>) => ({
  _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  rol: 'user',
  active: false,
  locked: false,
  purchasesBlocked: false,
  approvedAt: null,
  status: 'pending_approval',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('UsersAdmin', () => {
  it("lists users with their status: a sign-up reads 'Pendiente de aprobación' (never 'Bloqueado') until it is activated", async () => {
    let active = false;
    const puts: unknown[] = [];
    server.use(
      http.get('/api/v1/users', () =>
        HttpResponse.json({
          docs: [row(active ? { active, status: 'active', approvedAt: '2026-01-02T00:00:00.000Z' } : {})],
          count: 1,
          page: 1,
          pages: 1,
          next: null,
          previous: null,
        }),
      ),
      http.put('/api/v1/users/:id', async ({ request }) => {
        puts.push(await request.json());
        active = true;
        return HttpResponse.json(row({ active: true, status: 'active' }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersAdmin />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    expect(await within(table).findByText('Pendiente de aprobación')).toBeInTheDocument();
    expect(within(table).queryByText('Bloqueado')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Activar a Ana López' }));
    expect(await within(table).findByText('Activo')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Desactivar a Ana López' })).toBeInTheDocument();
    expect(puts).toEqual([{ active: true }]);
  });

  it("'Bloquear compras' blocks buying only (purchasesBlocked), 'Permitir compras' undoes it; 'Bloquear cuenta' is apart and asks first", async () => {
    let state = { purchasesBlocked: false, locked: false };
    const puts: unknown[] = [];
    server.use(
      http.get('/api/v1/users', () =>
        HttpResponse.json({
          docs: [row({ active: true, status: state.locked ? 'locked' : 'active', ...state })],
          count: 1,
          page: 1,
          pages: 1,
          next: null,
          previous: null,
        }),
      ),
      http.put('/api/v1/users/:id', async ({ request }) => {
        const body = (await request.json()) as Partial<typeof state>;
        puts.push(body);
        state = { ...state, ...body };
        return HttpResponse.json(row({ active: true, ...state }));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersAdmin />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await user.click(await within(table).findByRole('button', { name: 'Bloquear compras a Ana López' }));
    expect(await within(table).findByText('Compras bloqueadas')).toBeInTheDocument();
    // Still an active account that may sign in.
    expect(within(table).getByText('Activo')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Permitir compras a Ana López' }));
    await waitFor(() => expect(within(table).queryByText('Compras bloqueadas')).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Bloquear la cuenta de Ana López' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Bloquear toda la cuenta?' });
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear cuenta' }));
    expect(await within(table).findByText('Cuenta bloqueada')).toBeInTheDocument();
    expect(puts).toEqual([{ purchasesBlocked: true }, { purchasesBlocked: false }, { locked: true }]);
  });

  it('searches on the server by name, surname, e-mail or phone', async () => {
    const filters: (string | null)[] = [];
    server.use(
      http.get('/api/v1/users', ({ request }) => {
        filters.push(new URL(request.url).searchParams.get('filter'));
        return HttpResponse.json({ docs: [], count: 0, page: 1, pages: 1, next: null, previous: null });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersAdmin />);
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'lópez');
    await waitFor(() => expect(filters).toContain('lópez'));
    expect(await screen.findByText('No hay usuarios que coincidan con la búsqueda.')).toBeInTheDocument();
  });

  it("'Nuevo usuario' requires every field and creates the account", async () => {
    let body: unknown;
    server.use(
      http.get('/api/v1/users', () => HttpResponse.json({ docs: [], count: 0, page: 1, pages: 1, next: null, previous: null })),
      http.post('/api/v1/users/createFromDashboard', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(row({ active: true }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersAdmin />);
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));
    expect(await within(dialog).findByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes introducir un número de teléfono válido')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Hugo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Apellidos' }), 'Sánchez');
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono' }), '3311112222');
    await user.type(within(dialog).getByRole('textbox', { name: 'Correo' }), 'hugo@correo.test');
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'clave12');
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Usuario creado.')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Hugo', lastName: 'Sánchez', phone: '3311112222', email: 'hugo@correo.test', password: 'clave12', rol: 'user' });
  });
});
