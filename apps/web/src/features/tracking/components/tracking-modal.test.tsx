import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PublicLayout } from '@/components/layouts/public-layout';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { justIssuedResult, dhlGuide, dhlResult, fedexGuide, fedexResult, trackingApi, unknownGuide } from '@/testing/mock-tracking';
import { useTrackingModal } from './use-tracking-modal';

setupMockApi();

/** The public layout with the modal wired as PublicRoot wires it. */
function Harness() {
  const tracking = useTrackingModal();
  return (
    <>
      <PublicLayout contact={undefined} onTrack={tracking.open}>
        <h1>Inicio</h1>
      </PublicLayout>
      {tracking.modal}
    </>
  );
}

async function search(guide: string) {
  const user = userEvent.setup();
  renderWithApp(<Harness />, { routes: [landing('/rastreo/:guide')] });
  await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('button', { name: 'Rastrear' }));
  await user.type(await screen.findByPlaceholderText('N° de guía'), guide);
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  return user;
}

const modal = () => screen.findByRole('dialog', { name: 'Resultado del Envío' });

describe("Rastrear → 'Resultado del Envío'", () => {
  it('shows Cargando... and then the DHL result: header, dates in Spanish newest first, Hora column', async () => {
    // Long enough for 'Cargando...' to be seen on a busy machine.
    const api = trackingApi([dhlResult()], { wait: 800 });
    server.use(api.handler);
    await search(dhlGuide);
    const dialog = await modal();
    expect(await within(dialog).findByText('Cargando...')).toBeInTheDocument();

    expect(await within(dialog).findByText(dhlGuide)).toBeInTheDocument();
    expect(api.asked).toEqual([dhlGuide]);
    // The guide's one headline, the same the public page and Mis Envíos show.
    expect(within(dialog).getByTestId('tracking-status')).toHaveTextContent('Envío en tránsito');
    expect(within(dialog).getByText('Sábado, 21 de noviembre de 2026, 10:30')).toBeInTheDocument();
    expect(within(dialog).getByText('Enviado desde').nextSibling).toHaveTextContent('Guadalajara');
    expect(within(dialog).getByText('Enviado hacia').nextSibling).toHaveTextContent('Ciudad de México');
    expect(within(dialog).getByText('Paquetes').nextSibling).toHaveTextContent('1');
    expect(within(dialog).getByText('SANDBOX')).toBeInTheDocument();

    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Sábado, 21 de noviembre de 2026', 'Viernes, 20 de noviembre de 2026']);
    const friday = within(dialog).getByRole('table', { name: 'Movimientos del Viernes, 20 de noviembre de 2026' });
    expect(
      within(friday)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Estatus', 'Ubicación', 'Hora', 'Paquete']);
    const rows = within(friday)
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['Procesado en la instalación de DHL.', 'Guadalajara', '20:15', '1'],
      ['El envío fue recolectado.', 'Guadalajara', '14:05', '1'],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Ver y compartir el seguimiento' })).toHaveAttribute('href', `/rastreo/${dhlGuide}`);
  });

  it("a guide the carrier has said nothing about reads 'Guía creada' and 'Sin movimientos'", async () => {
    server.use(trackingApi([justIssuedResult()]).handler);
    await search('7000000003');
    const dialog = await modal();
    expect(await within(dialog).findByTestId('tracking-status')).toHaveTextContent('Guía creada');
    expect(within(dialog).getByTestId('tracking-no-events')).toHaveTextContent('Sin movimientos');
    expect(within(dialog).queryByText(/ENTREGADO|tránsito/i)).not.toBeInTheDocument();
  });

  it('shows no Hora column for FedEx and its headline, never a fixed ENTREGADO', async () => {
    server.use(trackingApi([fedexResult()]).handler);
    await search(fedexGuide);
    const dialog = await modal();
    expect(await within(dialog).findByTestId('tracking-status')).toHaveTextContent('En recolección');
    expect(within(dialog).queryByText('ENTREGADO')).not.toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Movimientos del Sábado, 21 de noviembre de 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Estatus', 'Ubicación', 'Paquete']);
    expect(within(table).getByText('—')).toBeInTheDocument();
  });

  it('says that an unknown guide was not located', async () => {
    server.use(trackingApi([dhlResult()]).handler);
    await search(unknownGuide);
    const dialog = await modal();
    expect(await within(dialog).findByText(`El N° de guía ${unknownGuide} no ha sido localizado.`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a quiet retry when the tracking service fails, and closes with Escape', async () => {
    let calls = 0;
    server.use(
      http.post('/api/v1/tracking', () => {
        calls += 1;
        return calls <= 2 ? HttpResponse.json({ message: 'Error interno', code: 'internal' }, { status: 500 }) : HttpResponse.json(dhlResult());
      }),
    );
    const user = await search(dhlGuide);
    const dialog = await modal();
    expect(await within(dialog).findByText(/No pudimos consultar el envío en este momento/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByTestId('tracking-status')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resultado del Envío' })).not.toBeInTheDocument());
  });

  it('shows the stale note when the carrier could not be asked', async () => {
    server.use(trackingApi([dhlResult({ stale: true })]).handler);
    await search(dhlGuide);
    const dialog = await modal();
    expect(await within(dialog).findByText('No pudimos consultar a la paquetería; mostramos los últimos movimientos conocidos.')).toBeInTheDocument();
  });
});
