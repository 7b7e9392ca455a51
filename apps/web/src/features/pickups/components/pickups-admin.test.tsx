import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Pickup, PickupStatus } from '@envios/contracts/pickups';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { PickupsAdmin } from './pickups-admin';

setupMockApi();

const ID = 'e0000000-0000-4000-8000-000000000001';
const pickup = (status: PickupStatus): Pickup => ({
  _id: ID,
  name: 'Ana López',
  email: 'ana@correo.test',
  phone: '3312345678',
  service: 'EXPRESS DOMESTIC',
  tracking_number: '1234567890',
  status,
  active: true,
  shipment: 'f0000000-0000-4000-8000-000000000001',
  user: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11',
  address: 'Av. Juárez 100, Guadalajara Centro, 44100',
  created_at: '2026-11-23T18:00:00.000Z',
  updated_at: '2026-11-23T18:00:00.000Z',
});
const list = (data: Pickup[]) => ({ data, count: data.length, page: 1, pages: 1 });

describe('PickupsAdmin', () => {
  it('lists the requests with their status and searches by name, e-mail or service', async () => {
    const searches: (string | null)[] = [];
    server.use(
      http.get('/api/v1/recolecciones', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        searches.push(search);
        return HttpResponse.json(list(search ? [] : [pickup('Pendiente')]));
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PickupsAdmin />);
    const table = await screen.findByRole('table', { name: 'Recolecciones' });
    expect(await within(table).findByText('Ana López')).toBeInTheDocument();
    expect(within(table).getByText('ana@correo.test')).toBeInTheDocument();
    expect(within(table).getByText('3312345678')).toBeInTheDocument();
    expect(within(table).getByText('EXPRESS DOMESTIC')).toBeInTheDocument();
    expect(within(table).getByText('Pendiente')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Buscar por nombre, correo o servicio'), 'fedex');
    expect(await screen.findByText('Ninguna recolección coincide con la búsqueda.')).toBeInTheDocument();
    expect(searches).toContain('fedex');
  });

  it("'Actualizar estatus' requires a status in 'Nuevo Estatus' and saves it", async () => {
    let status: PickupStatus = 'Pendiente';
    const puts: unknown[] = [];
    server.use(
      http.get('/api/v1/recolecciones', () => HttpResponse.json(list([pickup(status)]))),
      http.put('/api/v1/recolecciones/:id/status', async ({ request, params }) => {
        const body = (await request.json()) as { status: PickupStatus };
        puts.push({ id: params.id, body });
        status = body.status;
        return HttpResponse.json({ data: pickup(status) });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PickupsAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Actualizar estatus de la recolección de Ana López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Estatus' });
    const select = within(dialog).getByRole('combobox', { name: /Estatus/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Selecciona un estatus', 'Pendiente', 'En Progreso', 'Completado', 'Cancelado']);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El estatus es obligatorio.')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.selectOptions(select, 'En Progreso');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Estatus de la recolección de Ana López actualizado a En Progreso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: ID, body: { status: 'En Progreso' } }]);
    expect(await within(screen.getByRole('table', { name: 'Recolecciones' })).findByText('En Progreso')).toBeInTheDocument();
  });

  it('says so when there are no requests yet', async () => {
    server.use(http.get('/api/v1/recolecciones', () => HttpResponse.json(list([]))));
    renderWithApp(<PickupsAdmin />);
    expect(await screen.findByText('Aún no hay solicitudes de recolección.')).toBeInTheDocument();
  });
});
