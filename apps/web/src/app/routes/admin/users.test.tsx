import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import UsersRoute from './users';

setupMockApi();

const ID = '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11';
const row = (balance: number) => ({
  _id: ID,
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  rol: 'user',
  active: true,
  locked: false,
  purchasesBlocked: false,
  approvedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  balance,
});

describe('Usuarios: Saldo and Abonar', () => {
  it("shows each wallet's balance and credits it through 'Cantidad a abonar'", async () => {
    let balance = 120.5;
    const credits: unknown[] = [];
    server.use(
      http.get('/api/v1/users', () => HttpResponse.json({ docs: [row(balance)], count: 1, page: 1, pages: 1, next: null, previous: null })),
      http.post('/api/v1/prepaid/createPrepaid', async ({ request }) => {
        const body = (await request.json()) as { cantidadAbonar: number };
        credits.push(body);
        balance += body.cantidadAbonar;
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersRoute />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    expect(within(table).getByRole('columnheader', { name: 'Saldo' })).toBeInTheDocument();
    expect(await within(table).findByText('MX$120.50')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Abonar a Ana López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cantidad a abonar' });
    await user.click(within(dialog).getByRole('button', { name: 'Abonar' }));
    expect(await within(dialog).findByText('La cantidad a abonar es obligatoria.')).toBeInTheDocument();
    expect(credits).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Cantidad a abonar/ }), '1000.25');
    await user.click(within(dialog).getByRole('button', { name: 'Abonar' }));
    expect(await screen.findByText('Se abonaron MX$1,000.25 al monedero de Ana López.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(credits).toEqual([{ cantidadAbonar: 1000.25, userId: ID }]);
    expect(await within(table).findByText('MX$1,120.75')).toBeInTheDocument();
  });

  it('keeps the modal open with the server message when the credit is refused', async () => {
    server.use(
      http.get('/api/v1/users', () => HttpResponse.json({ docs: [row(0)], count: 1, page: 1, pages: 1, next: null, previous: null })),
      http.post('/api/v1/prepaid/createPrepaid', () =>
        HttpResponse.json({ message: 'La cantidad a abonar debe ser como máximo 100,000 pesos.', code: 'validation' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<UsersRoute />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await user.click(await within(table).findByRole('button', { name: 'Abonar a Ana López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cantidad a abonar' });
    await user.type(within(dialog).getByRole('textbox', { name: /Cantidad a abonar/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Abonar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La cantidad a abonar debe ser como máximo 100,000 pesos.');
    expect(within(dialog).getByRole('button', { name: 'Abonar' })).toBeEnabled();
  });
});
