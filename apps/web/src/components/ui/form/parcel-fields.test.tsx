import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { parcelSchema } from '@envios/contracts/quotes';
import { renderWithApp } from '@/testing/render';
import { ParcelFields } from './parcel-fields';
import { useZodForm } from './use-zod-form';

const schema = z.object({ parcels: z.array(parcelSchema) });

function Editor({ isDocument = false, documentMeasures }: { isDocument?: boolean; documentMeasures?: 'hidden' | 'read-only' }) {
  const form = useZodForm(schema, { defaultValues: { parcels: [isDocument ? { width: 41, depth: 31, height: 1 } : {}] } });
  return (
    <form noValidate>
      <ParcelFields form={form} path="parcels.0" isDocument={isDocument} {...(documentMeasures ? { documentMeasures } : {})} />
    </form>
  );
}

describe('ParcelFields', () => {
  it('rounds up as the quote does once a box is left: whole centimetres and tenths of a kilo', async () => {
    const user = userEvent.setup();
    renderWithApp(<Editor />);
    await user.type(screen.getByRole('spinbutton', { name: 'Largo (cm)' }), '10.2');
    await user.type(screen.getByRole('textbox', { name: 'Peso (kg)' }), '1.23');
    await user.tab();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Peso (kg)' })).toHaveValue('1.3'));
    expect(screen.getByRole('spinbutton', { name: 'Largo (cm)' })).toHaveValue(11);
  });

  it("reads '1,500' in the weight as 1,500 kg, and leaves a whole number as typed", async () => {
    const user = userEvent.setup();
    renderWithApp(<Editor />);
    await user.type(screen.getByRole('spinbutton', { name: 'Ancho (cm)' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Peso (kg)' }), '1,500');
    await user.tab();
    expect(screen.getByRole('spinbutton', { name: 'Ancho (cm)' })).toHaveValue(20);
    expect(screen.getByRole('textbox', { name: 'Peso (kg)' })).toHaveValue('1,500');
  });

  it('asks only the weight of a sobre, or shows its fixed measures read-only where the screen says so', () => {
    const { unmount } = renderWithApp(<Editor isDocument />);
    expect(screen.queryByRole('spinbutton', { name: 'Largo (cm)' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Peso (kg)' })).toBeInTheDocument();
    unmount();
    renderWithApp(<Editor isDocument documentMeasures="read-only" />);
    expect(screen.getByRole('spinbutton', { name: 'Largo (cm)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('spinbutton', { name: 'Largo (cm)' })).toHaveValue(41);
  });
});
