import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { dhlGuide, dhlResult, trackingApi, unknownGuide } from '@/testing/mock-tracking';
import TrackingRoute from './tracking';

setupMockApi();

function renderPage(guide: string) {
  const user = userEvent.setup();
  const result = renderWithApp(<TrackingRoute />, { path: '/rastreo/:guide', at: `/rastreo/${guide}` });
  return { ...result, user };
}

afterEach(() => vi.unstubAllGlobals());

describe('/rastreo/{guide}', () => {
  it('shows the headline, the progress steps, and the movements newest first by day', async () => {
    server.use(trackingApi([dhlResult()]).handler);
    renderPage(dhlGuide);
    expect(await screen.findByTestId('tracking-headline')).toHaveTextContent('Envío en tránsito');
    const summary = screen.getByRole('region', { name: 'Resumen del envío' });
    expect(within(summary).getByText(dhlGuide)).toBeInTheDocument();
    expect(within(summary).getByText('SANDBOX')).toBeInTheDocument();
    expect(within(summary).getByText(/DHL · EXPRESS DOMESTIC · 1 paquete/)).toBeInTheDocument();
    expect(within(summary).getByText('Guadalajara')).toBeInTheDocument();
    expect(within(summary).getByText('Ciudad de México')).toBeInTheDocument();

    const steps = within(screen.getByRole('list', { name: 'Progreso del envío' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Guía creada', 'Recolectado', 'En tránsito', 'En reparto', 'Entregado']);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');

    const days = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days).toEqual(['Sábado, 21 de noviembre de 2026', 'Viernes, 20 de noviembre de 2026']);
    const friday = within(screen.getByRole('region', { name: 'Viernes, 20 de noviembre de 2026' })).getAllByRole('listitem');
    expect(friday.map((li) => li.textContent)).toEqual([
      '20:15Procesado en la instalación de DHL.Guadalajara · Paquete 1',
      '14:05El envío fue recolectado.Guadalajara · Paquete 1',
    ]);
    expect(screen.queryByText(/No pudimos consultar a la paquetería/)).not.toBeInTheDocument();
  });

  it('copies the link when the browser cannot share, and marks stale movements', async () => {
    server.use(trackingApi([dhlResult({ stale: true, state: 'delivered', headline: 'Envío entrgado' })]).handler);
    const { user } = renderPage(dhlGuide);
    // jsdom has no share sheet; user-event stands in for the clipboard.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(await screen.findByTestId('tracking-headline')).toHaveTextContent('Envío entrgado');
    expect(screen.getByText('No pudimos consultar a la paquetería; mostramos los últimos movimientos conocidos.')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Progreso del envío' })).getAllByRole('listitem');
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Compartir seguimiento' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`/rastreo/${dhlGuide}`));
    expect(await screen.findByRole('button', { name: 'Enlace copiado' })).toBeInTheDocument();
  });

  it('uses the share sheet when there is one, and links Estafeta’s own page', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    const estafeta = dhlResult({
      type: 'estafeta',
      route: 'estafeta',
      carrier_code: 'estafeta',
      headline: 'Guía creada',
      carrier_url: 'https://www.estafeta.com/rastrear?guia=1234567890',
    });
    server.use(trackingApi([estafeta]).handler);
    const { user } = renderPage(dhlGuide);
    expect(await screen.findByRole('link', { name: /Ver en Estafeta/ })).toHaveAttribute('href', estafeta.carrier_url);
    await user.click(screen.getByRole('button', { name: 'Compartir seguimiento' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining(`/rastreo/${dhlGuide}`) }));
  });

  it('says that an unknown guide was not located and offers a new search', async () => {
    server.use(trackingApi([dhlResult()]).handler);
    const user = userEvent.setup();
    renderWithApp(<TrackingRoute />, { path: '/rastreo/:guide', at: `/rastreo/${unknownGuide}` });
    expect(await screen.findByText(`El N° de guía ${unknownGuide} no ha sido localizado.`)).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('N° de guía'), dhlGuide);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByTestId('tracking-headline')).toHaveTextContent('Envío en tránsito');
  });
});
