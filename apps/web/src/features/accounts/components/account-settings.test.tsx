import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { User } from '@envios/contracts/accounts';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { AccountSettings } from './account-settings';

setupMockApi();

const ana: User = {
  _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11',
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
};

describe('AccountSettings', () => {
  it('cannot switch automatic invoicing on without complete tax data, and says where to fill it', () => {
    renderWithApp(<AccountSettings user={ana} />);
    const box = screen.getByRole('checkbox', { name: /Facturación automática/ });
    expect(box).toBeDisabled();
    expect(screen.getByText(/Completa tu información fiscal/)).toBeInTheDocument();
  });

  it("with tax data, saves the automatic invoice at once, with the box disabled while saving, then says 'Cambios guardados'", async () => {
    const bodies: unknown[] = [];
    const withTax = {
      ...ana,
      taxInformation: {
        name: 'ANA LÓPEZ',
        rfc: 'LOPA800101AB7',
        tax_system: '612',
        cfdi_use: 'G03',
        email: 'ana@correo.test',
        phone: '3312345678',
        address: 'Av. Juárez 100',
        colony: 'Centro',
        postal_code: '44100',
        state_city: 'Jalisco, Guadalajara',
      },
    };
    server.use(
      http.put('/api/v1/users/:id', async ({ request }) => {
        bodies.push(await request.json());
        await delay(150);
        return HttpResponse.json({ ...withTax, invoice: true });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AccountSettings user={withTax} />);
    const box = screen.getByRole('checkbox', { name: /Facturación automática/ });
    await user.click(box);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeEnabled());
    expect(bodies).toEqual([{ invoice: true }]);
  });

  it('shows the e-mail read-only in the account modal and requires the website', async () => {
    const user = userEvent.setup();
    renderWithApp(<AccountSettings user={ana} />);
    await user.click(screen.getByRole('button', { name: 'Editar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cuenta' });
    expect(within(dialog).getByRole('textbox', { name: 'Correo electrónico' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El sitio web es obligatorio.')).toBeInTheDocument();
  });

  it('sends the current password with the new one, and refuses a mismatch first', async () => {
    let body: unknown;
    server.use(
      http.put('/api/v1/users/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(ana);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AccountSettings user={ana} />);
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await user.type(within(dialog).getByLabelText(/^Contraseña actual/), 'vieja1');
    await user.type(within(dialog).getByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(within(dialog).getByLabelText(/^Repetir nueva contraseña/), 'nueva124');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.clear(within(dialog).getByLabelText(/^Repetir nueva contraseña/));
    await user.type(within(dialog).getByLabelText(/^Repetir nueva contraseña/), 'nueva123');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    expect(body).toEqual({ password: 'nueva123', currentPassword: 'vieja1' });
  });

  it("checks the RFC (shape and check digit), offers the regímenes of its kind and the uses of the régimen, and fills 'state, city' from the postal code", async () => {
    let body: { taxInformation?: Record<string, string> } = {};
    server.use(
      http.get('/api/v1/postalcodes', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        const rows =
          search && '44100'.startsWith(search)
            ? [
                {
                  postal_code: '44100',
                  place_name: 'Guadalajara Centro',
                  city: 'Guadalajara',
                  municipality: 'Guadalajara',
                  state: 'Jalisco',
                  state_short: 'JAL',
                  country_code: 'MX',
                },
              ]
            : [];
        return HttpResponse.json({ country_codes: rows });
      }),
      http.put('/api/v1/users/:id', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({ ...ana, taxInformation: body.taxInformation });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<AccountSettings user={ana} />);
    await user.click(screen.getByRole('button', { name: 'Editar información fiscal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información fiscal' });
    const fill = async (input: HTMLElement, text: string) => {
      await user.clear(input);
      await user.click(input);
      await user.paste(text);
    };
    const rfc = within(dialog).getByRole('textbox', { name: 'RFC' });
    await fill(rfc, 'ABC12');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/El RFC debe tener 12 caracteres si es de una empresa/)).toBeInTheDocument();
    await fill(rfc, 'lopa800101ab1');
    expect(await within(dialog).findByText(/dígito verificador/)).toBeInTheDocument();
    await fill(rfc, 'lopa800101ab7');
    // A person's RFC: only the regímenes of persons are offered.
    await user.click(within(dialog).getByRole('combobox', { name: 'Régimen fiscal' }));
    // (jsdom never ends the dropdown's transition: its options count as hidden.)
    const offered = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(offered).toContain('612 Personas Físicas con Actividades Empresariales y Profesionales');
    expect(offered).toContain('626 Régimen Simplificado de Confianza');
    expect(offered).not.toContain('601 General de Ley Personas Morales');
    // A salaried person (605) cannot use G03: the use is emptied; back on a business régimen, G03 again.
    await user.click(screen.getByRole('option', { name: '605 Sueldos y Salarios e Ingresos Asimilados a Salarios', hidden: true }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Uso CFDI' })).toHaveValue(''));
    await user.click(within(dialog).getByRole('combobox', { name: 'Régimen fiscal' }));
    await user.click(screen.getByRole('option', { name: '612 Personas Físicas con Actividades Empresariales y Profesionales', hidden: true }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Uso CFDI' })).toHaveValue('G03 Gastos en general'));
    await fill(within(dialog).getByRole('textbox', { name: 'Nombre o razón social' }), 'Ana López');
    await fill(within(dialog).getByRole('textbox', { name: 'Calle y número' }), 'Av. Juárez 100');
    await fill(within(dialog).getByRole('textbox', { name: 'Colonia' }), 'Centro');
    await fill(within(dialog).getByRole('combobox', { name: 'Código postal fiscal' }), '44100');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Estado y ciudad' })).toHaveValue('Jalisco, Guadalajara'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    expect(body.taxInformation).toEqual({
      name: 'ANA LÓPEZ',
      rfc: 'LOPA800101AB7',
      tax_system: '612',
      cfdi_use: 'G03',
      email: 'ana@correo.test',
      phone: '3312345678',
      address: 'Av. Juárez 100',
      colony: 'Centro',
      postal_code: '44100',
      state_city: 'Jalisco, Guadalajara',
    });
  }, 60_000);

  it('puts the server’s refusal under its field (a postal code not in the catalogue)', async () => {
    const message =
      'El código postal 44100 no está en nuestro catálogo de códigos postales: escribe el de tu domicilio fiscal, como aparece en tu Constancia de Situación Fiscal.';
    server.use(
      http.put('/api/v1/users/:id', () =>
        HttpResponse.json(
          { message: 'Revisa los datos enviados.', code: 'request.invalid', errors: [{ path: 'taxInformation.postal_code', message }] },
          { status: 400 },
        ),
      ),
    );
    const withTax = {
      ...ana,
      taxInformation: {
        name: 'ANA LÓPEZ',
        rfc: 'LOPA800101AB7',
        tax_system: '612',
        cfdi_use: 'G03',
        email: 'ana@correo.test',
        phone: '3312345678',
        address: 'Av. Juárez 100',
        colony: 'Centro',
        postal_code: '44100',
        state_city: 'Jalisco, Guadalajara',
      },
    };
    const user = userEvent.setup();
    renderWithApp(<AccountSettings user={withTax} />);
    await user.click(screen.getByRole('button', { name: 'Editar información fiscal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información fiscal' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Código postal fiscal' })).toHaveAccessibleDescription(expect.stringContaining(message));
  }, 30_000);
});
