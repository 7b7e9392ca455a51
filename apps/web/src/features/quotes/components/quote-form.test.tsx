import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { landing, renderWithApp } from '@/testing/render';
import { FakeCountry } from '@/testing/mock-geography';
import { QUOTE_REQUEST_STORAGE_KEY } from '../utils/quote-request-storage';
import type { PostalCodeFieldProps } from '@/components/ui/form/geography-fields';
import { QuoteForm } from './quote-form';

/**
 * Stand-ins for the geography fields (the page plugs in the real ones): typing a code listed here
 * counts as picking it, like the real autocomplete's exact match.
 */
const KNOWN: Record<string, PostalSuggestion> = {
  '44130': {
    postal_code: '44130',
    place_name: 'Arcos Vallarta',
    city: 'Guadalajara',
    municipality: 'Guadalajara',
    state: 'Jalisco',
    state_short: 'JAL',
    country_code: 'MX',
  },
  '06700': {
    postal_code: '06700',
    place_name: 'Roma Norte',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    state_short: 'CDMX',
    country_code: 'MX',
  },
  '90210': {
    postal_code: '90210',
    place_name: '',
    city: 'California, Beverly Hills',
    municipality: '',
    state: 'California',
    state_short: 'CA',
    country_code: 'US',
  },
};

function FakePostalField({ label, value, onChange, country }: PostalCodeFieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => {
    const pick = KNOWN[text];
    if (pick && pick.country_code === country && value !== text) onChange(pick);
    if (!pick && value !== '') onChange(null);
  }, [text, value, country, onChange]);
  return (
    <label>
      {label}
      <input value={text} onChange={(e) => setText(e.currentTarget.value)} />
    </label>
  );
}

function renderForm() {
  renderWithApp(<QuoteForm PostalCodeField={FakePostalField} CountryField={FakeCountry} />, {
    routes: [landing('/service-providers')],
  });
  return userEvent.setup();
}

const cotizar = () => screen.getByRole('button', { name: 'Cotizar!' });
/** The measures are number boxes; the weight is a text box (so '1,500' is 1500 kg, as Mexico writes it). */
const field = (name: string) => screen.getByRole(name === 'Peso (kg)' ? 'textbox' : 'spinbutton', { name });
const stored = () => JSON.parse(sessionStorage.getItem(QUOTE_REQUEST_STORAGE_KEY) ?? 'null') as unknown;

async function fillPlaces(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Código postal de origen'), '44130');
  await user.type(screen.getByLabelText('Código postal de destino'), '06700');
}

async function fillBox(user: ReturnType<typeof userEvent.setup>, box = { largo: '30', ancho: '20', alto: '10', peso: '1.5' }) {
  await user.type(field('Largo (cm)'), box.largo);
  await user.type(field('Ancho (cm)'), box.ancho);
  await user.type(field('Alto (cm)'), box.alto);
  await user.type(field('Peso (kg)'), box.peso);
}

afterEach(() => sessionStorage.clear());

describe('QuoteForm', () => {
  it('starts as a box (Paquete) with every field labelled and Cotizar! disabled', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: /Paquete/ })).toBeChecked();
    for (const name of ['País de origen', 'Código postal de origen', 'País de destino', 'Código postal de destino']) {
      expect(screen.getByLabelText(name)).toBeInTheDocument();
    }
    for (const name of ['Largo (cm)', 'Ancho (cm)', 'Alto (cm)', 'Peso (kg)']) expect(field(name)).toBeRequired();
    expect(cotizar()).toBeDisabled();
  });

  it('the hint under Cotizar! names what is still missing', async () => {
    const user = renderForm();
    expect(screen.getByText('Para cotizar faltan los códigos postales de origen y destino y el peso.')).toBeInTheDocument();
    await fillBox(user);
    expect(await screen.findByText('Para cotizar faltan los códigos postales de origen y destino.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código postal de origen'), '44130');
    expect(await screen.findByText('Para cotizar falta el código postal de destino.')).toBeInTheDocument();
  });

  it('keeps Cotizar! disabled until origin, destination and the parcel are all valid', async () => {
    const user = renderForm();
    await fillBox(user);
    expect(cotizar()).toBeDisabled();
    await user.type(screen.getByLabelText('Código postal de origen'), '44130');
    expect(cotizar()).toBeDisabled();
    await user.type(screen.getByLabelText('Código postal de destino'), '06700');
    await waitFor(() => expect(cotizar()).toBeEnabled());

    // A postal code that is not one of the suggestions makes the place invalid again.
    await user.type(screen.getByLabelText('Código postal de destino'), '9');
    await waitFor(() => expect(cotizar()).toBeDisabled());
    await user.type(screen.getByLabelText('Código postal de destino'), '{Backspace}');
    await waitFor(() => expect(cotizar()).toBeEnabled());

    // So does a measure that is missing or zero.
    await user.clear(field('Alto (cm)'));
    await waitFor(() => expect(cotizar()).toBeDisabled());
    await user.type(field('Alto (cm)'), '0');
    await user.tab();
    expect(await screen.findByText('El alto debe ser mayor que 0 cm.')).toBeInTheDocument();
    expect(cotizar()).toBeDisabled();
  });

  it('asks only the weight for a Sobre and sends the document preset of 25 × 1 × 1 cm', async () => {
    const user = renderForm();
    await fillPlaces(user);
    await user.click(screen.getByRole('radio', { name: /Sobre/ }));
    expect(screen.queryByRole('spinbutton', { name: 'Largo (cm)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Ancho (cm)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Alto (cm)' })).not.toBeInTheDocument();
    expect(cotizar()).toBeDisabled();
    await user.type(field('Peso (kg)'), '0.4');
    await waitFor(() => expect(cotizar()).toBeEnabled());
    await user.click(cotizar());

    expect(await screen.findByText('Ruta: /service-providers')).toBeInTheDocument();
    expect(stored()).toMatchObject({ package_type: 'document', parcels: [{ height: 1, width: 25, depth: 1, weight: 0.4 }] });
  });

  it('choosing Sobre or Tarima shows no error under boxes nobody has typed in yet', async () => {
    const user = renderForm();
    await fillPlaces(user);
    await user.click(screen.getByRole('radio', { name: /Sobre/ }));
    expect(screen.queryByText('El peso es obligatorio.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Tarima/ }));
    expect(screen.queryByText(/es obligatorio/)).not.toBeInTheDocument();
    // What was typed is still checked when the type changes.
    await user.type(field('Largo (cm)'), '0');
    await user.click(screen.getByRole('radio', { name: /Paquete/ }));
    expect(await screen.findByText('El largo debe ser mayor que 0 cm.')).toBeInTheDocument();
  });

  it("reads a weight written '1,500' as 1500 kg (a pallet), never as 'El peso es obligatorio'", async () => {
    const user = renderForm();
    await fillPlaces(user);
    await user.click(screen.getByRole('radio', { name: /Tarima/ }));
    await fillBox(user, { largo: '120', ancho: '100', alto: '150', peso: '1,500' });
    await user.tab();
    expect(screen.queryByText('El peso es obligatorio.')).not.toBeInTheDocument();
    await waitFor(() => expect(cotizar()).toBeEnabled());
    await user.click(cotizar());
    await screen.findByText('Ruta: /service-providers');
    expect(stored()).toMatchObject({ package_type: 'pallet', parcels: [{ weight: 1500 }] });
  });

  it('brings back the box measures when switching from Sobre to Paquete', async () => {
    const user = renderForm();
    await fillBox(user);
    await user.click(screen.getByRole('radio', { name: /Sobre/ }));
    await user.click(screen.getByRole('radio', { name: /Tarima/ }));
    expect(field('Largo (cm)')).toHaveValue(30);
    expect(field('Ancho (cm)')).toHaveValue(20);
    expect(field('Alto (cm)')).toHaveValue(10);
    expect(field('Peso (kg)')).toHaveValue('1.5');
  });

  it('rounds centimetres up to whole numbers as soon as the box is left, and weight up to 0.1 kg', async () => {
    const user = renderForm();
    await fillPlaces(user);
    await fillBox(user, { largo: '30.2', ancho: '19.01', alto: '10', peso: '0.25' });
    await user.tab();
    expect(field('Largo (cm)')).toHaveValue(31);
    expect(field('Ancho (cm)')).toHaveValue(20);
    await waitFor(() => expect(cotizar()).toBeEnabled());
    await user.click(cotizar());
    await screen.findByText('Ruta: /service-providers');
    expect(stored()).toMatchObject({ parcels: [{ width: 31, depth: 20, height: 10, weight: 0.3 }] });
  });

  it('reveals the insured value with the checkbox and sends it in MXN only while insured', async () => {
    const user = renderForm();
    await fillPlaces(user);
    await fillBox(user);
    await waitFor(() => expect(cotizar()).toBeEnabled());

    await user.click(screen.getByRole('checkbox', { name: /Asegurar mi envío/ }));
    const value = await screen.findByRole('spinbutton', { name: 'Valor a asegurar (MXN)' });
    await waitFor(() => expect(cotizar()).toBeDisabled());
    // Nothing is wrong yet: no message under the empty box, and the hint names the one field missing.
    expect(value).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Para cotizar falta el valor a asegurar.')).toBeInTheDocument();
    await user.type(value, '2500');
    await waitFor(() => expect(cotizar()).toBeEnabled());

    await user.click(screen.getByRole('checkbox', { name: /Asegurar mi envío/ }));
    expect(screen.queryByRole('spinbutton', { name: 'Valor a asegurar (MXN)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Asegurar mi envío/ }));
    await user.type(screen.getByRole('spinbutton', { name: 'Valor a asegurar (MXN)' }), '1200');
    await waitFor(() => expect(cotizar()).toBeEnabled());
    await user.click(cotizar());
    await screen.findByText('Ruta: /service-providers');
    expect(stored()).toMatchObject({ insured_value: 1200, insured_value_currency: 'MXN' });
  });

  it('stores exactly the quote request of the contract under envios.quoteRequest and goes to /service-providers', async () => {
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('País de destino'), 'US');
    await user.type(screen.getByLabelText('Código postal de origen'), '44130');
    await user.type(screen.getByLabelText('Código postal de destino'), '90210');
    await fillBox(user);
    expect(screen.getByText('Peso volumétrico: 1.2 kg · Se cotiza como 2 kg')).toBeInTheDocument();
    await waitFor(() => expect(cotizar()).toBeEnabled());
    await user.click(cotizar());

    expect(await screen.findByText('Ruta: /service-providers')).toBeInTheDocument();
    expect(stored()).toEqual({
      origin_direction: { country_code: 'MX', postal_code: '44130', city: 'Guadalajara', suburb: 'Arcos Vallarta' },
      // Only the part of a city after its comma is sent.
      destination_direction: { country_code: 'US', postal_code: '90210', city: 'Beverly Hills', suburb: '', state_short: 'CA' },
      parcels: [{ width: 30, depth: 20, height: 10, weight: 1.5 }],
      package_type: 'box',
      cantidadGuias: 1,
    });
  });

  it('clears the destination postal code when the destination country changes', async () => {
    const user = renderForm();
    await fillPlaces(user);
    await fillBox(user);
    await waitFor(() => expect(cotizar()).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('País de destino'), 'US');
    await waitFor(() => expect(cotizar()).toBeDisabled());
    expect(within(screen.getByRole('group', { name: 'Destino' })).getByLabelText('Código postal de destino')).toHaveValue('');
  });
});
