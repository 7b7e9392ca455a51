import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { demoQuoteRequest, option, quoteAnswer, quotingHandler } from '@/testing/mock-quotes';
import { ServiceSelector } from './service-selector';

setupMockApi();

const dhlExpress = option('dhl', 'EXPRESS DOMESTIC', 278.88, 1);
const ampm = option('ampm', 'ESTANDAR', 144.48, 4);
const estafeta = option('estafeta', 'TERRESTRE', 189.28, 5, { is_remote: true });
const fedex = option('fedex', 'FEDEX EXPRESS SAVER', 222.88, 3);
// Out of order on purpose: the selector must still show the cheapest first.
const answer = quoteAnswer([dhlExpress, estafeta, ampm, fedex]);

function cardNames(): string[] {
  const list = screen.getByRole('list', { name: 'Opciones de envío' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

function renderSelector(props: Partial<Parameters<typeof ServiceSelector>[0]> = {}) {
  const onSend = vi.fn(async () => undefined);
  renderWithApp(<ServiceSelector request={demoQuoteRequest} supportPhone="33 1234 5678" backHref="/" onSend={onSend} {...props} />, {
    path: '/service-providers',
  });
  return { onSend };
}

describe('ServiceSelector', () => {
  it('shows the loading screen while quoting, then one card per option, cheapest first', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/quoting', async ({ request }) => {
        bodies.push(await request.json());
        await delay(80);
        return HttpResponse.json(answer);
      }),
    );
    renderSelector();
    expect(screen.getByRole('status', { name: 'Cotizando tu envío' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Opciones de envío' });
    expect(cardNames()).toEqual(['AM/PM ESTANDAR', 'Estafeta TERRESTRE', 'FedEx FEDEX EXPRESS SAVER', 'DHL EXPRESS DOMESTIC']);
    expect(bodies[0]).toEqual(demoQuoteRequest);

    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('MX$144.48 × 2 guías')).toBeInTheDocument();
    expect(within(first).getByText('MX$288.96')).toBeInTheDocument();
    expect(within(first).getByText('De 2 a 4 días hábiles')).toBeInTheDocument();
    expect(within(first).getByText(/viernes, 27 de noviembre de 2026/)).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'AM/PM' })).toHaveAttribute('src', '/api/v1/carriers/ampm/logo.svg');
    // The remote-area flag is on Estafeta's card only.
    expect(screen.getAllByText('Entrega en un área Remota')).toHaveLength(1);
    expect(within(screen.getAllByRole('article')[1]!).getByText('Entrega en un área Remota')).toBeInTheDocument();
  });

  it('filters by provider and by speed; with none chosen every option shows', async () => {
    server.use(quotingHandler(answer).handler);
    const user = userEvent.setup();
    renderSelector();
    await screen.findByRole('list', { name: 'Opciones de envío' });

    await user.click(screen.getByRole('checkbox', { name: /DHL/ }));
    expect(cardNames()).toEqual(['DHL EXPRESS DOMESTIC']);
    await user.click(screen.getByRole('checkbox', { name: /FedEx/ }));
    expect(cardNames()).toEqual(['FedEx FEDEX EXPRESS SAVER', 'DHL EXPRESS DOMESTIC']);
    await user.click(screen.getByRole('checkbox', { name: /DHL/ }));
    await user.click(screen.getByRole('checkbox', { name: /FedEx/ }));
    expect(cardNames()).toHaveLength(4);

    // 'Día siguiente' holds 0 to 1 days; '2 a 4 días' holds 2 to 4.
    await user.click(screen.getByRole('checkbox', { name: 'Día siguiente' }));
    expect(cardNames()).toEqual(['DHL EXPRESS DOMESTIC']);
    await user.click(screen.getByRole('checkbox', { name: '2 a 4 días' }));
    expect(cardNames()).toEqual(['AM/PM ESTANDAR', 'FedEx FEDEX EXPRESS SAVER', 'DHL EXPRESS DOMESTIC']);
    expect(screen.getByText('3 de 4 opciones, de la más barata a la más cara')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(cardNames()).toHaveLength(4);
  });

  it('opens the breakdown with each charge, the quantity and the total; Escape closes it', async () => {
    const remote = option('estafeta', 'TERRESTRE', 339.28, 5, {
      is_remote: true,
      services: [
        { code: 'base', service_name: 'Tarifa base (3 kg)', price: 189.28, quantity: 2, amount: 378.56 },
        { code: 'remote_area', service_name: 'Entrega en un área Remota', price: 150, quantity: 2, amount: 300 },
      ],
    });
    server.use(quotingHandler(quoteAnswer([remote])).handler);
    const user = userEvent.setup();
    renderSelector();
    const button = await screen.findByRole('button', { name: 'Ver desglose de Estafeta TERRESTRE' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Desglose del precio' });
    expect(within(dialog).getByText('Tarifa base (3 kg)')).toBeInTheDocument();
    expect(within(dialog).getByText('MX$189.28 × 2')).toBeInTheDocument();
    expect(within(dialog).getByText('MX$378.56')).toBeInTheDocument();
    expect(within(dialog).getByText('Entrega en un área Remota')).toBeInTheDocument();
    expect(within(dialog).getByText('MX$300.00')).toBeInTheDocument();
    expect(within(within(dialog).getByText('Cantidad de guías').closest('tr')!).getByText('2')).toBeInTheDocument();
    expect(within(within(dialog).getByText('Total').closest('tr')!).getByText('MX$678.56')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Desglose del precio' })).not.toBeInTheDocument());
  });

  it('without options, says so with the support phone, and names the carriers that did not answer', async () => {
    server.use(quotingHandler(quoteAnswer([], [{ carrier_code: 'dhl', carrier: 'DHL', reason: 'timeout', message: 'DHL no respondió a tiempo.' }])).handler);
    renderSelector();
    const text = await screen.findByText(/No tenemos el servicio disponible para mas informacion llamar al/);
    expect(text).toHaveTextContent('No tenemos el servicio disponible para mas informacion llamar al 33 1234 5678');
    expect(screen.getByRole('link', { name: '33 1234 5678' })).toHaveAttribute('href', 'tel:+523312345678');
    expect(screen.getByText('DHL no respondió a tiempo.')).toBeInTheDocument();
  });

  it('says which carrier is missing while showing the others', async () => {
    server.use(
      quotingHandler(quoteAnswer([ampm], [{ carrier_code: 'dhl', carrier: 'DHL', reason: 'timeout', message: 'DHL no respondió a tiempo.' }])).handler,
    );
    renderSelector();
    expect(await screen.findByText('DHL no respondió a tiempo; mostramos las demás opciones.')).toBeInTheDocument();
    expect(cardNames()).toEqual(['AM/PM ESTANDAR']);
  });

  it('without a stored request, explains it and links back to the home form', async () => {
    renderSelector({ request: null });
    expect(screen.getByRole('heading', { name: 'Tu cotización ya no está disponible' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cotizar un envío' })).toHaveAttribute('href', '/');
  });

  it('shows the server’s message when the quote is refused, and can try again', async () => {
    server.use(
      http.post('/api/v1/quoting', () =>
        HttpResponse.json({ message: 'El código postal de destino 99999 no existe.', code: 'quotes.unknown_postal_code' }, { status: 400 }),
      ),
    );
    renderSelector();
    expect(await screen.findByText('El código postal de destino 99999 no existe.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });

  it("'Enviar' hands the chosen option over, and an account problem is explained in a dialog", async () => {
    server.use(quotingHandler(answer).handler);
    const onSend = vi.fn(async () => 'purchases-blocked' as const);
    const user = userEvent.setup();
    renderSelector({ onSend });
    await user.click(await screen.findByRole('button', { name: 'Enviar con AM/PM ESTANDAR' }));
    expect(onSend).toHaveBeenCalledWith(ampm, answer);
    const dialog = await screen.findByRole('dialog', { name: 'Tu cuenta tiene las compras bloqueadas' });
    expect(within(dialog).getByText(/llámanos al/)).toHaveTextContent('Si tienes dudas, llámanos al 33 1234 5678.');
  });

  it('embedded in another page: its own steps or none, its title level, an in-page back and another button text', async () => {
    server.use(quotingHandler(answer).handler);
    const onBack = vi.fn();
    const { onSend } = renderSelector({
      steps: null,
      headingLevel: 2,
      title: 'Elige la nueva paquetería',
      onBack,
      backLabel: 'Cancelar',
      sendLabel: 'Elegir',
      embedded: true,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Elige la nueva paquetería' })).toBeInTheDocument();
    expect(screen.queryByText('Paso 1 de 3 · Elige tu paquetería')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onBack).toHaveBeenCalledOnce();
    await userEvent.click(await screen.findByRole('button', { name: 'Elegir con AM/PM ESTANDAR' }));
    expect(onSend).toHaveBeenCalledWith(ampm, answer);
  });
});
