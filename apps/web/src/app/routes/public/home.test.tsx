import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { countriesHandler, demoSite, postalCodesHandler, siteHandler } from '@/testing/mock-geography';
import HomeRoute from './home';

setupMockApi();

function renderHome() {
  server.use(postalCodesHandler().handler, countriesHandler(), siteHandler());
  renderWithApp(<HomeRoute />, { routes: [landing('/service-providers')] });
  return userEvent.setup();
}

describe('home page', () => {
  it('quotes with the real autocomplete: picks by keyboard, stores the request and goes to the providers', async () => {
    const user = renderHome();
    const origin = await screen.findByRole('combobox', { name: 'Código postal de origen' }, { timeout: 10_000 });
    await user.type(origin, '441');
    await screen.findByRole('option', { name: '44100 - Guadalajara Centro - Guadalajara' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(origin).toHaveValue('44100');
    expect(screen.getByText('Guadalajara Centro, Guadalajara, JAL')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Código postal de destino' }), '067');
    await user.click(await screen.findByRole('option', { name: '06700 - Roma Norte - Ciudad de México' }));

    await user.type(screen.getByRole('spinbutton', { name: 'Largo (cm)' }), '40');
    await user.type(screen.getByRole('spinbutton', { name: 'Ancho (cm)' }), '30');
    await user.type(screen.getByRole('spinbutton', { name: 'Alto (cm)' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Peso (kg)' }), '2');
    const cotizar = screen.getByRole('button', { name: 'Cotizar!' });
    await waitFor(() => expect(cotizar).toBeEnabled());
    await user.click(cotizar);

    expect(await screen.findByText('Ruta: /service-providers')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('envios.quoteRequest') ?? '{}')).toMatchObject({
      origin_direction: { country_code: 'MX', postal_code: '44100', city: 'Guadalajara', suburb: 'Guadalajara Centro' },
      destination_direction: { country_code: 'MX', postal_code: '06700', city: 'Ciudad de México', suburb: 'Roma Norte', state_short: 'CDMX' },
      parcels: [{ width: 40, depth: 30, height: 20, weight: 2 }],
      package_type: 'box',
    });
    // The real autocomplete and the lazily loaded form: give a busy machine room.
  }, 30_000);

  it('lists the destination countries from the API with Mexico first', async () => {
    renderHome();
    const destination = await screen.findByRole('combobox', { name: 'País de destino' }, { timeout: 10_000 });
    await waitFor(() => expect(destination.querySelectorAll('option')).toHaveLength(4));
    expect(Array.from(destination.querySelectorAll('option')).map((o) => o.textContent)).toEqual(['México', 'Alemania', 'Canadá', 'Estados Unidos']);
    expect(destination).toHaveValue('MX');
  });

  it('has one h1 and sections under h2, and names the carriers it compares', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 2, name: '¿Cómo funciona?' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Envía paquetes a todo México al mejor precio']);
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual(expect.arrayContaining(['Cotiza tu envío', 'Un servicio para cada envío', 'Todo lo que tu negocio necesita para enviar']));
    const carriers = screen.getByRole('list', { name: 'Comparamos por ti las tarifas de' });
    expect(carriers).toHaveTextContent('DHLFedExRedpackEstafetaAM/PM');
  });

  it('shows no video at all when the operator configured none', async () => {
    server.use(postalCodesHandler().handler, countriesHandler(), siteHandler({ ...demoSite, howItWorksVideoId: null }));
    renderWithApp(<HomeRoute />);
    await screen.findByRole('heading', { level: 2, name: '¿Cómo funciona?' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Reproducir video/ })).toBeNull());
  });

  it('loads nothing from YouTube until the video is played', async () => {
    const user = renderHome();
    const play = await screen.findByRole('button', { name: /Reproducir video/ });
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(play);
    const frame = screen.getByTitle('Cómo enviar un paquete con Envíos MX');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  });
});
