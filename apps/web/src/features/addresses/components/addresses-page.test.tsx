import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatAddressLine, type SavedLocation, type SavedLocationInput } from '@envios/contracts/addresses';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { AddressesPage } from './addresses-page';
import type { PostalCodeFieldProps } from '@/components/ui/form/geography-fields';
import { SavedAddressSelect } from './saved-address-select';

setupMockApi();

const USER = '5b7d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';

/** A saved address as the API answers it: `address` joined (the spec's form) and `street` apart. */
function location(id: number, over: Partial<Omit<SavedLocation, 'address' | 'address_line'>> = {}): SavedLocation {
  const base = {
    _id: `00000000-0000-4000-8000-00000000000${id}`,
    name: 'Bodega Centro',
    email: 'bodega@correo.test',
    phone: '3312345678',
    street: 'Av. Juárez',
    number: '123',
    intNumber: '4B',
    reference_of_origin: '',
    colony: 'Guadalajara Centro',
    postal_code: '44100',
    city: 'Jalisco, Guadalajara',
    state_code: 'JAL',
    country_code: 'MX',
    user: USER,
    created_at: '2026-01-15T12:00:00.000Z',
    updated_at: '2026-01-15T12:00:00.000Z',
    ...over,
  };
  const line = formatAddressLine({ address: base.street, number: base.number, intNumber: base.intNumber });
  return { ...base, address: line, address_line: line };
}

const colonias: PostalSuggestion[] = [
  {
    postal_code: '06760',
    place_name: 'Roma Sur',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    state_short: 'CDMX',
    country_code: 'MX',
  },
  {
    postal_code: '06760',
    place_name: 'Hipódromo',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    state_short: 'CDMX',
    country_code: 'MX',
  },
  {
    postal_code: '44100',
    place_name: 'Guadalajara Centro',
    city: 'Guadalajara',
    municipality: 'Guadalajara',
    state: 'Jalisco',
    state_short: 'JAL',
    country_code: 'MX',
  },
];

/** A fake of /locations-user kept in memory, recording what the page sends. */
function fakeAddressesApi(initial: SavedLocation[]) {
  let list = [...initial];
  const sent: { method: string; id?: string; body?: unknown }[] = [];
  let next = 7;
  server.use(
    http.get('/api/v1/locations-user', () => HttpResponse.json(list)),
    http.get('/api/v1/locations-user/:id', ({ params }) => {
      const found = list.find((l) => l._id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'La dirección no existe.', code: 'addresses.not_found' }, { status: 404 });
    }),
    http.post('/api/v1/locations-user', async ({ request }) => {
      const body = (await request.json()) as SavedLocationInput;
      sent.push({ method: 'POST', body });
      const { address: _joined, user: _user, ...parts } = body;
      const created = location(next++, {
        ...parts,
        street: body.street ?? '',
        number: body.number ?? '',
        reference_of_origin: body.reference_of_origin ?? '',
        intNumber: body.intNumber ?? '',
        state_code: body.state_code ?? '',
        country_code: body.country_code ?? 'MX',
      });
      list = [created, ...list];
      return HttpResponse.json(created);
    }),
    http.put('/api/v1/locations-user/:id', async ({ request, params }) => {
      const body = (await request.json()) as SavedLocationInput;
      sent.push({ method: 'PUT', id: String(params.id), body });
      const { address: _joined, user: _user, ...parts } = body;
      list = list.map((l) =>
        l._id === params.id
          ? location(Number(String(params.id).slice(-1)), {
              ...parts,
              street: body.street ?? '',
              number: body.number ?? '',
              intNumber: body.intNumber ?? '',
              reference_of_origin: body.reference_of_origin ?? '',
              state_code: body.state_code ?? '',
              country_code: body.country_code ?? 'MX',
            })
          : l,
      );
      return HttpResponse.json(list.find((l) => l._id === params.id));
    }),
    http.delete('/api/v1/locations-user/:id', ({ params }) => {
      sent.push({ method: 'DELETE', id: String(params.id) });
      const found = list.find((l) => l._id === params.id);
      list = list.filter((l) => l._id !== params.id);
      return HttpResponse.json(found);
    }),
    http.get('/api/v1/postalcodes/:country/:code', ({ params }) => HttpResponse.json({ country_codes: colonias.filter((c) => c.postal_code === params.code) })),
  );
  return { sent };
}

/** Stands in for the geography feature's box: two buttons that pick a code the way it does. */
function PostalStub({ value, onChange, error, label }: PostalCodeFieldProps) {
  return (
    <div>
      <span>
        {label}: {value || 'ninguno'}
      </span>
      <button type="button" onClick={() => onChange({ ...colonias[0]!, place_name: '' })}>
        Elegir 06760
      </button>
      <button type="button" onClick={() => onChange(colonias[2]!)}>
        Elegir 44100
      </button>
      {error && <p>{error}</p>}
    </div>
  );
}

const renderPage = () => renderWithApp(<AddressesPage PostalCodeField={PostalStub} />);

describe('AddressesPage', () => {
  it('lists the saved addresses with the street line joined, and the actions', async () => {
    fakeAddressesApi([location(1), location(2, { name: 'Casa', street: 'Calle Roble', number: '9', intNumber: '', colony: 'Roma Sur', postal_code: '06760' })]);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Direcciones' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Direcciones guardadas' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NombreDirecciónColoniaCódigo postalCiudadTeléfonoCorreo electrónicoAcciones',
      'Bodega CentroAv. Juárez, 123, 4BGuadalajara Centro44100Jalisco, Guadalajara3312345678bodega@correo.testEditarEliminar',
      'CasaCalle Roble, 9Roma Sur06760Jalisco, Guadalajara3312345678bodega@correo.testEditarEliminar',
    ]);
    expect(within(table).getByRole('button', { name: 'Editar Casa' })).toBeInTheDocument();
  });

  it('shows the empty state when there is nothing saved, and a Spanish error when the list fails', async () => {
    fakeAddressesApi([]);
    const { unmount } = renderPage();
    expect(await screen.findByText('Aún no tienes direcciones guardadas')).toBeInTheDocument();
    unmount();
    server.use(
      http.get('/api/v1/locations-user', () =>
        HttpResponse.json({ message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.', code: 'auth.unauthenticated' }, { status: 401 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu sesión no es válida o ha expirado.');
  });

  it('requires every field with its message, then saves a new address picked by postal code and colony', async () => {
    const api = fakeAddressesApi([]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nueva dirección' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva dirección' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveFocus());
    expect(within(dialog).getByRole('textbox', { name: 'País' })).toHaveValue('México');

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('El correo electrónico es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('El teléfono es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('La calle es obligatoria.')).toBeInTheDocument();
    expect(within(dialog).getByText('El número exterior es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('El código postal es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('La colonia es obligatoria.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Oficina Roma');
    await user.type(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), 'roma@correo.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono' }), '55-12');
    expect(await within(dialog).findByText('El teléfono solo debe contener dígitos.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Teléfono' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono' }), '5512345678');
    await user.type(within(dialog).getByRole('textbox', { name: 'Calle' }), 'Medellín');
    await user.type(within(dialog).getByRole('textbox', { name: 'Número exterior' }), '81');

    // A code with two colonias: city and state are filled, the colonia is chosen from the list.
    await user.click(within(dialog).getByRole('button', { name: 'Elegir 06760' }));
    expect(within(dialog).getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Ciudad de México, Ciudad de México');
    expect(within(dialog).getByRole('textbox', { name: 'Ciudad' })).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('combobox', { name: 'Colonia' }));
    await user.click(await screen.findByRole('option', { name: 'Roma Sur', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Dirección guardada exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([
      {
        method: 'POST',
        body: {
          name: 'Oficina Roma',
          email: 'roma@correo.test',
          phone: '5512345678',
          street: 'Medellín',
          number: '81',
          intNumber: '',
          reference_of_origin: '',
          colony: 'Roma Sur',
          postal_code: '06760',
          city: 'Ciudad de México, Ciudad de México',
          state_code: 'CDMX',
          country_code: 'MX',
        },
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Direcciones guardadas' });
    expect(within(table).getByText('Medellín, 81')).toBeInTheDocument();
  });

  it('shows the server refusal in Spanish on the field it names', async () => {
    fakeAddressesApi([location(1)]);
    server.use(
      http.put('/api/v1/locations-user/:id', () =>
        HttpResponse.json(
          {
            message: 'Revisa el campo teléfono: El teléfono solo debe contener dígitos.',
            code: 'request.invalid',
            errors: [{ path: 'phone', message: 'El teléfono solo debe contener dígitos.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Bodega Centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar dirección' });
    await user.click(await within(dialog).findByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Revisa el campo teléfono');
    expect(within(dialog).getByRole('textbox', { name: 'Teléfono' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits an address loaded by id and reloads the list', async () => {
    const api = fakeAddressesApi([location(1)]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar Bodega Centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar dirección' });
    const name = await within(dialog).findByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveValue('Bodega Centro');
    expect(within(dialog).getByText('Código postal: 44100')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Colonia' })).toHaveValue('Guadalajara Centro');
    await user.clear(name);
    await user.type(name, 'Bodega Norte');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Número interior' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Dirección actualizada exitosamente.')).toBeInTheDocument();
    expect(api.sent[0]).toMatchObject({ method: 'PUT', id: location(1)._id, body: { name: 'Bodega Norte', intNumber: '', postal_code: '44100' } });
    const table = await screen.findByRole('table', { name: 'Direcciones guardadas' });
    expect(await within(table).findByText('Bodega Norte')).toBeInTheDocument();
    expect(within(table).getByText('Av. Juárez, 123')).toBeInTheDocument();
  });

  it('asks before deleting: Cancelar keeps the address, Sí deletes it', async () => {
    const api = fakeAddressesApi([location(1), location(2, { name: 'Casa' })]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Casa' }));
    let dialog = await screen.findByRole('dialog', { name: 'Está seguro?' });
    expect(within(dialog).getByText('Está seguro de eliminar este registro?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar Casa' }));
    dialog = await screen.findByRole('dialog', { name: 'Está seguro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Dirección eliminada exitosamente.')).toBeInTheDocument();
    expect(api.sent).toEqual([{ method: 'DELETE', id: location(2)._id }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar Casa' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Eliminar Bodega Centro' })).toBeInTheDocument();
  });
});

describe('SavedAddressSelect', () => {
  it("offers the caller's saved addresses and hands the picked one back", async () => {
    fakeAddressesApi([location(1), location(2, { name: 'Casa' })]);
    const picked: SavedLocation[] = [];
    const user = userEvent.setup();
    renderWithApp(<SavedAddressSelect label="Direcciones guardadas" value={null} onPick={(l) => picked.push(l)} />);
    const box = await screen.findByRole('combobox', { name: 'Direcciones guardadas' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'casa');
    await user.click(await screen.findByRole('option', { name: /^Casa/, hidden: true }));
    expect(picked.map((l) => l._id)).toEqual([location(2)._id]);
  });

  it('says so when there are no saved addresses', async () => {
    fakeAddressesApi([]);
    renderWithApp(<SavedAddressSelect label="Direcciones guardadas" value={null} onPick={() => undefined} />);
    expect(await screen.findByText(/Aún no tienes direcciones guardadas/)).toBeInTheDocument();
  });
});
