import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import type { AddressSide } from '@envios/contracts/addresses';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { postalCodesHandler } from '@/testing/mock-geography';
import { FakePostalCode, savedLocation } from '@/testing/mock-shipments';
import { useShipmentAddressForm } from '../utils/address';
import { AddressFieldset } from './address-fieldset';

setupMockApi();

const lookupColonies = async ({ postalCode, country }: { postalCode: string; country: string }) => {
  const response = await fetch(`/api/v1/postalcodes?search=${postalCode}&country=${country}`);
  return ((await response.json()) as { country_codes: PostalSuggestion[] }).country_codes;
};

function AddressForm({ side, saved }: { side: AddressSide; saved?: boolean }) {
  const form = useShipmentAddressForm(side);
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void form.handleSubmit(() => undefined)(e)} noValidate>
        <AddressFieldset
          side={side}
          PostalCodeField={FakePostalCode}
          lookupColonies={lookupColonies}
          renderSavedAddress={
            saved
              ? (slot) => (
                  <button type="button" onClick={() => slot.onSelect(savedLocation())}>
                    {slot.label}
                  </button>
                )
              : undefined
          }
        />
        <button type="submit">Guardar</button>
      </form>
    </FormProvider>
  );
}

async function fillAndSubmit(side: AddressSide, values: { number: string; colony?: string; postal: string }) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<AddressForm side={side} />);
  const group = screen.getByRole('group', { name: side === 'origin' ? 'Origen' : 'Destino' });
  await user.type(within(group).getByLabelText(/Nombre completo/), 'Ana López');
  await user.type(within(group).getByLabelText(/Correo electrónico/), 'ana@correo.test');
  await user.type(within(group).getByLabelText(/Teléfono/), '3312345678');
  await user.type(within(group).getByLabelText(/Calle/), 'Av. Juárez');
  await user.type(within(group).getByLabelText(/Número exterior/), values.number);
  await user.type(within(group).getByLabelText(/Código postal/), values.postal);
  if (values.colony !== undefined) {
    const colony = within(group).getByLabelText(/Colonia/);
    await user.clear(colony);
    await user.type(colony, values.colony);
  }
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  return group;
}

describe('AddressFieldset', () => {
  it('at the origin a one-character exterior number and a short colony are fine', async () => {
    server.use(postalCodesHandler([]).handler);
    const group = await fillAndSubmit('origin', { number: '7', colony: 'Roma', postal: '44100' });
    expect(within(group).queryByText(/El número exterior debe tener/)).not.toBeInTheDocument();
    expect(within(group).queryByText(/La colonia debe tener/)).not.toBeInTheDocument();
  });

  it('at the destination the exterior number needs 2 characters and the colony 5, said in Spanish under the field', async () => {
    server.use(postalCodesHandler([]).handler);
    const group = await fillAndSubmit('destination', { number: '7', colony: 'Roma', postal: '44100' });
    expect(await within(group).findByText('El número exterior debe tener entre 2 y 5 caracteres.')).toBeInTheDocument();
    expect(within(group).getByText('La colonia debe tener entre 5 y 35 caracteres.')).toBeInTheDocument();
    expect(within(group).getByLabelText(/Número exterior/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says which required fields are missing', async () => {
    server.use(postalCodesHandler([]).handler);
    const user = userEvent.setup({ delay: null });
    renderWithApp(<AddressForm side="origin" />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre completo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('El teléfono es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('El código postal es obligatorio.')).toBeInTheDocument();
    expect(screen.queryByText(/El número interior/)).not.toBeInTheDocument();
  });

  it("the postal-code pick fills 'Estado, Ciudad' read-only and offers the code's colonies", async () => {
    server.use(postalCodesHandler().handler);
    const user = userEvent.setup({ delay: null });
    renderWithApp(<AddressForm side="destination" />);
    await user.type(screen.getByLabelText(/Código postal/), '06760');
    const city = screen.getByLabelText(/Estado, Ciudad/);
    expect(city).toHaveValue('Ciudad de México, Ciudad de México');
    expect(city).toHaveAttribute('readonly');
    const colony = await screen.findByRole('combobox', { name: /Colonia/ });
    expect(
      within(colony)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige la colonia', 'Hipódromo', 'Roma Sur']);
    expect(colony).toHaveValue('Roma Sur');
    await user.selectOptions(colony, 'Hipódromo');
    expect(colony).toHaveValue('Hipódromo');
  });

  it('a saved address fills every field', async () => {
    server.use(postalCodesHandler().handler);
    const user = userEvent.setup({ delay: null });
    renderWithApp(<AddressForm side="origin" saved />);
    await user.click(screen.getByRole('button', { name: 'Dirección guardada de origen' }));
    expect(screen.getByLabelText(/Nombre completo/)).toHaveValue('Bodega Centro');
    expect(screen.getByLabelText(/Calle/)).toHaveValue('Av. Juárez');
    expect(screen.getByLabelText(/Estado, Ciudad/)).toHaveValue('Jalisco, Guadalajara');
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveAttribute('type', 'email');
  });
});
