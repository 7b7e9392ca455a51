import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderAsServer, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { ContactForm } from './contact-form';

setupMockApi();

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Nombre/), 'Lucía');
  await user.type(screen.getByLabelText(/^Apellidos/), 'Hernández');
  await user.type(screen.getByLabelText(/^Empresa/), 'Dulces La Abuela');
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'lucia@dulces.test');
  await user.type(screen.getByLabelText(/^Teléfono/), '3312345678');
  await user.type(screen.getByLabelText(/^Sitio web o red social/), 'dulces.mx');
  await user.type(screen.getByLabelText(/^Comentarios/), 'Quiero una tarifa por volumen, por favor.');
}

describe('ContactForm', () => {
  it('is prerendered with its button off, so a send before the code runs never puts what was typed in the address', async () => {
    const html = renderAsServer(<ContactForm onSent={() => undefined} />);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    // Once the code runs, it is on.
    const user = userEvent.setup();
    renderWithApp(<ContactForm onSent={() => undefined} />);
    await fillRequired(user);
    expect(screen.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled();
  });

  it('asks for the monthly shipments only when the person already ships', async () => {
    const user = userEvent.setup();
    renderWithApp(<ContactForm onSent={() => undefined} />);
    expect(screen.queryByLabelText(/Cuántos envíos haces al mes/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    expect(screen.getByLabelText(/Cuántos envíos haces al mes/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'No, todavía no' }));
    expect(screen.queryByLabelText(/Cuántos envíos haces al mes/)).toBeNull();
  });

  it('names every missing field before sending anything', async () => {
    const user = userEvent.setup();
    const sent = vi.fn();
    server.use(
      http.post('/api/v1/contact', () => {
        sent();
        return HttpResponse.json({ message: 'ok' }, { status: 201 });
      }),
    );
    renderWithApp(<ContactForm onSent={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    for (const text of [
      'El nombre es obligatorio.',
      'Los apellidos son obligatorios.',
      'El nombre de la empresa es obligatorio.',
      'Debes introducir un correo electrónico válido',
      'Debes introducir un número de teléfono válido',
      'El sitio web es obligatorio.',
      'Dinos si ya estás haciendo envíos.',
      'El mensaje es obligatorio.',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the monthly shipments of someone who ships, then moves on', async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/v1/contact', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'Gracias, tu mensaje llegó a su destino.' }, { status: 201 });
      }),
    );
    const onSent = vi.fn();
    renderWithApp(<ContactForm onSent={onSent} />);
    await fillRequired(user);
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('¿Cuántos envíos haces al mes? Escribe un número.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Cuántos envíos haces al mes/), '250');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(body).toMatchObject({ first_name: 'Lucía', company_name: 'Dulces La Abuela', web: 'https://dulces.mx', number_shipment: 250, website: '' });
  });

  it("shows the spec's alert when the server fails, and stays", async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/v1/contact', () => HttpResponse.json({ message: 'Error interno', code: 'server.internal' }, { status: 500 })));
    const onSent = vi.fn();
    renderWithApp(<ContactForm onSent={onSent} />);
    await fillRequired(user);
    await user.click(screen.getByRole('radio', { name: 'No, todavía no' }));
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Su mensaje no pudo ser enviado.');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('starts filled with a signed-in profile', () => {
    renderWithApp(
      <ContactForm defaults={{ first_name: 'Beto', last_name: 'Ruiz', email: 'beto@correo.test', phone: '5512345678' }} onSent={() => undefined} />,
    );
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Beto');
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveValue('beto@correo.test');
  });
});
