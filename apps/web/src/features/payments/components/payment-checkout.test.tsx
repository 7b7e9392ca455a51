import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { paymentMessages, type OpenPayment } from '@envios/contracts/payments';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { buyerEmail, demoUserId, payable, paymentConfig, paymentId, shipmentId } from '@/testing/mock-payments';
import { recallReturnTo } from '../utils/return-to';
import { PaymentCheckout, type PayableLoad } from './payment-checkout';

setupMockApi();

/** The read-only calls every checkout makes: config, guides availability and the wallet balance. */
function baseApi({
  balance = 1000,
  available = true,
  card = false,
  open = [],
}: { balance?: number; available?: boolean; card?: boolean; open?: OpenPayment[] } = {}) {
  const availability: string[] = [];
  server.use(
    http.get('/api/v1/payments/open', () => HttpResponse.json({ docs: open })),
    http.get('/api/v1/payments/config', () => HttpResponse.json(paymentConfig({ card: { enabled: card } }))),
    http.get('/api/v1/payments/guides-availability', ({ request }) => {
      availability.push(new URL(request.url).searchParams.get('shipments') ?? '');
      return HttpResponse.json(
        available
          ? { available: true, missing: [], message: null }
          : {
              available: false,
              missing: [{ service_id: shipmentId(90), carrier_code: 'dhl', service_name: 'EXPRESS DOMESTIC' }],
              message: paymentMessages.noGuides,
            },
      );
    }),
    http.get(`/api/v1/prepaid/getTotalAmount/${demoUserId}`, () => HttpResponse.json({ total_amount: balance })),
  );
  return availability;
}

function renderCheckout(variant: 'one' | 'many', load: PayableLoad, at = variant === 'one' ? `/payments/${shipmentId(1)}` : '/payment/shipments/many') {
  const redirect = vi.fn();
  const utils = renderWithApp(<PaymentCheckout variant={variant} load={load} userId={demoUserId} email={buyerEmail} redirect={redirect} />, {
    path: variant === 'one' ? '/payments/:id' : '/payment/shipments/many',
    at,
    routes: [landing('/payments/result/:result'), landing('/shipments')],
  });
  return { ...utils, redirect };
}

const openReference: OpenPayment = {
  payment_id: paymentId,
  numberOfOrder: 1040,
  method: 'oxxo',
  method_label: 'OXXO',
  amount: 180.5,
  reference: 'SBX12345678901234',
  order_id: null,
  expires_at: '2026-03-05T23:59:00.000Z',
  slip_url: '/shipping/cash_barcode?references=SBX12345678901234',
  approve_url: null,
  sandbox: true,
  created_at: '2026-03-02T16:00:00.000Z',
  shipments: [{ _id: shipmentId(1), numberOfOrder: 1001 }],
};

describe('An OXXO reference still open for the shipment', () => {
  it('shows first, with its amount, expiry and slip; another method warns and pays only once the buyer says so', async () => {
    baseApi({ open: [openReference] });
    const user = userEvent.setup();
    renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    const open = await screen.findByRole('region', { name: 'Pago abierto' });
    expect(within(open).getByText('Referencia OXXO abierta')).toBeInTheDocument();
    expect(within(open).getByText('SBX12345678901234')).toBeInTheDocument();
    expect(within(open).getByText('Vence el 5 de marzo de 2026 a las 17:59.')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Ver ficha de pago' })).toHaveAttribute('href', '/shipping/cash_barcode?references=SBX12345678901234');

    // Asking for OXXO again answers the same reference: nothing to warn about.
    await user.click(await screen.findByRole('radio', { name: 'OXXO' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generar referencia OXXO' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Monedero electrónico' }));
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('El envío 1001 tiene una referencia OXXO abierta (SBX12345678901234, MX$180.50');
    expect(warning).toHaveTextContent('ese dinero se abona a tu Monedero');
    expect(within(warning).getByRole('button', { name: 'Cancelar referencia' })).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pagar con Monedero' });
    expect(pay).toBeDisabled();
    await user.click(within(warning).getByRole('checkbox', { name: 'Pagar de todos modos con Monedero' }));
    expect(pay).toBeEnabled();
  });

  it('«Cancelar referencia» asks first, cancels it and says so', async () => {
    let open = [openReference];
    const cancelled: string[] = [];
    baseApi();
    server.use(
      http.get('/api/v1/payments/open', () => HttpResponse.json({ docs: open })),
      http.post(`/api/v1/payments/shipments/${shipmentId(1)}/cancel`, () => {
        cancelled.push(shipmentId(1));
        open = [];
        return HttpResponse.json({ cancelled: 1 });
      }),
    );
    const user = userEvent.setup();
    renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await user.click(await screen.findByRole('radio', { name: 'Monedero electrónico' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Cancelar referencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la referencia OXXO' });
    expect(dialog).toHaveTextContent('La referencia SBX12345678901234 ya no se podrá pagar en OXXO.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la referencia' }));
    expect(await screen.findByText(/Cancelamos la referencia SBX12345678901234/)).toBeInTheDocument();
    expect(cancelled).toEqual([shipmentId(1)]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pago abierto' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Pagar con Monedero' })).toBeEnabled();
  });
});

describe('Payment of one shipment (/payments/{id})', () => {
  it('shows the summary, Cancelar to /shipments, the methods and the wallet balance; card only when enabled', async () => {
    baseApi({ balance: 500 });
    renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    const summary = screen.getByRole('region', { name: 'Resumen del envío 1001' });
    for (const text of ['Destinatario 1', 'Calle 1, 12', '06700', 'DHL EXPRESS DOMESTIC', 'MX$150.50', 'MX$180.50']) {
      expect(within(summary).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/shipments');
    expect(await screen.findByText('Saldo: MX$500.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'OXXO' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Monedero electrónico' })).toBeEnabled();
    expect(screen.queryByRole('radio', { name: /Tarjeta/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
  });

  it('the overweight of earlier shipments is a line of the summary and of the total; a wallet that covers only the guide is not offered', async () => {
    baseApi({ balance: 200 });
    renderCheckout('one', { status: 'ready', shipments: [payable(1)], overweight: { folios: [900, 901], centavos: 7510 } });
    const summary = screen.getByRole('region', { name: 'Resumen del envío 1001' });
    expect(within(summary).getByText('Sobrepeso de envíos anteriores')).toBeInTheDocument();
    expect(within(summary).getByText('MX$75.10 (envíos 900, 901)')).toBeInTheDocument();
    expect(within(summary).getByText('MX$255.60')).toBeInTheDocument();
    expect(screen.getByText('Total a pagar: MX$255.60')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Monedero electrónico' })).toBeDisabled());
  });

  it('offers the card through PayPal when the config enables it, and sends the browser to its link', async () => {
    baseApi({ card: true });
    server.use(
      http.get(`/api/v1/paypal/plus/link/${shipmentId(1)}`, () => HttpResponse.json({ data: { link: 'https://paypal.test/card', payment_id: paymentId } })),
    );
    const user = userEvent.setup();
    const { redirect } = renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await user.click(await screen.findByRole('radio', { name: 'Tarjeta de crédito o débito (PayPal)' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con tarjeta' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://paypal.test/card'));
  });

  it('PayPal: the link sends the browser to PayPal and remembers the way back', async () => {
    baseApi();
    const emails: (string | null)[] = [];
    server.use(
      http.post(`/api/v1/payments/${shipmentId(1)}`, ({ request }) => {
        emails.push(new URL(request.url).searchParams.get('email'));
        return HttpResponse.json({ url: 'http://localhost/sandbox/paypal/ORDER-1', payment_id: paymentId, order_id: 'ORDER-1', sandbox: true });
      }),
    );
    const user = userEvent.setup();
    const { redirect } = renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con PayPal' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/sandbox/paypal/ORDER-1'));
    expect(emails).toEqual([buyerEmail]);
    expect(recallReturnTo(paymentId)).toBe(`/payments/${shipmentId(1)}`);
  });

  it('PayPal answering 204: the spec warning shows and paying is disabled', async () => {
    baseApi();
    server.use(http.post(`/api/v1/payments/${shipmentId(1)}`, () => new HttpResponse(null, { status: 204 })));
    const user = userEvent.setup();
    const { redirect } = renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con PayPal' }));
    expect(await screen.findByText(paymentMessages.noGuidesScreen)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar con PayPal' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'OXXO' })).toBeDisabled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('when guides-availability says none, the warning shows before any attempt and nothing can be paid', async () => {
    const asked = baseApi({ available: false });
    renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    expect(await screen.findByText('¡Estimado usuario! En este momento no contamos con guías disponibles para este tipo de servicio.')).toBeInTheDocument();
    expect(asked).toEqual([shipmentId(1)]);
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
  });

  it("OXXO: the button is disabled in flight; 'ok' goes to success with oxxo, reference and email", async () => {
    baseApi();
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/v1/payments/conekta/oxxo/${shipmentId(1)}`, async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          message: 'ok',
          reference: '93000012345678',
          payment_id: paymentId,
          amount: 180.5,
          expires_at: '2026-11-26T18:00:00.000Z',
          sandbox: true,
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await user.click(await screen.findByRole('radio', { name: 'OXXO' }));
    await user.click(screen.getByRole('button', { name: 'Generar referencia OXXO' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Generar referencia OXXO/ })).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeDisabled();
    release();
    expect(await screen.findByText('Ruta: /payments/result/:result')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments/result/success');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ oxxo: 'true', reference: '93000012345678', email: buyerEmail });
    expect(bodies).toEqual([{ email: buyerEmail }]);
  });

  it('OXXO: a refused call re-enables the button with the message; a provider failure goes to error?oxxo=false', async () => {
    baseApi();
    let status = 409;
    server.use(
      http.post(`/api/v1/payments/conekta/oxxo/${shipmentId(1)}`, () =>
        HttpResponse.json(
          {
            message: status === 409 ? 'Este envío ya está pagado.' : 'OXXO no responde.',
            code: status === 409 ? 'payments.already_paid' : 'payments.provider_unavailable',
          },
          { status },
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await user.click(await screen.findByRole('radio', { name: 'OXXO' }));
    await user.click(screen.getByRole('button', { name: 'Generar referencia OXXO' }));
    expect(await screen.findByText('Este envío ya está pagado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar referencia OXXO' })).toBeEnabled();
    status = 502;
    await user.click(screen.getByRole('button', { name: 'Generar referencia OXXO' }));
    expect(await screen.findByText('Ruta: /payments/result/:result')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments/result/error');
    expect(router.state.location.search).toBe('?oxxo=false');
  });

  it('Monedero: disabled while the balance is lower than the total', async () => {
    baseApi({ balance: 100 });
    renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    expect(await screen.findByText('Saldo: MX$100.00. Tu saldo no alcanza para pagar MX$180.50.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monedero electrónico' })).toBeDisabled();
  });

  it('Monedero: success goes to success?monedero=true&email; a refusal to error with message and error', async () => {
    baseApi({ balance: 1000 });
    const bodies: unknown[] = [];
    let fail = false;
    server.use(
      http.post('/api/v1/payments/many/monedero', async ({ request }) => {
        bodies.push(await request.json());
        if (fail) return HttpResponse.json({ message: 'Saldo insuficiente.', code: 'wallet.insufficient_balance' }, { status: 409 });
        return HttpResponse.json({ message: 'ok', error: null, payment_id: paymentId, amount: 180.5, balance: 819.5 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderCheckout('one', { status: 'ready', shipments: [payable(1)] });
    await screen.findByText('Saldo: MX$1,000.00');
    await user.click(screen.getByRole('radio', { name: 'Monedero electrónico' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con Monedero' }));
    expect(await screen.findByText('Ruta: /payments/result/:result')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payments/result/success');
    // The success page gets the shipments it paid and the amount, to name the guides being issued.
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      monedero: 'true',
      email: buyerEmail,
      shipments: shipmentId(1),
      amount: '180.50',
    });
    expect(bodies).toEqual([{ email: buyerEmail, user: demoUserId, shipments: [shipmentId(1)] }]);

    fail = true;
    await router.navigate(`/payments/${shipmentId(1)}`);
    await user.click(await screen.findByRole('radio', { name: 'Monedero electrónico' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con Monedero' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/result/error'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      message: 'Saldo insuficiente.',
      error: 'wallet.insufficient_balance',
    });
  });

  it('loading and failure states of the summary; a paid shipment has nothing to pay', async () => {
    baseApi();
    const { unmount } = renderCheckout('one', { status: 'pending' });
    expect(screen.getByText('Cargando tu resumen de pago…')).toBeInTheDocument();
    unmount();
    const second = renderCheckout('one', { status: 'error', message: 'El envío no existe.' });
    expect(screen.getByRole('alert')).toHaveTextContent('El envío no existe.');
    second.unmount();
    renderCheckout('one', { status: 'ready', shipments: [payable(1, { paid: true })] });
    expect(screen.getByText('Este envío ya está pagado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
  });
});

describe('Payment of many shipments (/payment/shipments/many)', () => {
  it('the earlier overweight is added once, on its own row above the total', () => {
    baseApi();
    renderCheckout('many', { status: 'ready', shipments: [payable(1), payable(2)], overweight: { folios: [900], centavos: 5000 } });
    const table = screen.getByRole('table', { name: 'Envíos a pagar' });
    expect(within(table).getByText('Sobrepeso de envíos anteriores (envío 900)').closest('tr')).toHaveTextContent('MX$50.00');
    expect(within(table).getByText('Total a pagar').closest('tr')).toHaveTextContent('MX$411.00');
    expect(screen.getByText('Total a pagar: MX$411.00')).toBeInTheDocument();
  });

  it('a long list shows its first 10 shipments and the total; «Ver los 25 envíos» opens the rest', async () => {
    baseApi();
    const many = Array.from({ length: 25 }, (_, i) => payable(i + 1));
    renderCheckout('many', { status: 'ready', shipments: many });
    const table = screen.getByRole('table', { name: 'Envíos a pagar' });
    expect(within(table).getByText(many[9]!.destinationName)).toBeInTheDocument();
    expect(within(table).queryByText(many[10]!.destinationName)).not.toBeInTheDocument();
    expect(within(table).getByText('Total a pagar').closest('tr')).toHaveTextContent('MX$4,512.50');
    await userEvent.click(within(table).getByRole('button', { name: 'Ver los 25 envíos' }));
    expect(within(table).getByText(many[24]!.destinationName)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Ver solo los primeros 10' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("lists the shipments with the MXN total; a paid one gets 'Información Preventiva' and is left out", async () => {
    const asked = baseApi({ balance: 200 });
    renderCheckout('many', { status: 'ready', shipments: [payable(1), payable(2), payable(3, { paid: true })] });
    const table = screen.getByRole('table', { name: 'Envíos a pagar' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText('Total a pagar').closest('tr')).toHaveTextContent('MX$361.00');
    expect(screen.getByText('Información Preventiva')).toBeInTheDocument();
    expect(screen.getByText('Uno de los envíos seleccionados ya está pagado; no se incluye en el total.')).toBeInTheDocument();
    expect(screen.getByText('Total a pagar: MX$361.00')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual([`${shipmentId(1)},${shipmentId(2)}`]));
    // The order of the spec: OXXO, Monedero, PayPal; no card here.
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['oxxo', 'monedero', 'paypal']);
    expect(await screen.findByText('Saldo: MX$200.00. Tu saldo no alcanza para pagar MX$361.00.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monedero electrónico' })).toBeDisabled();
  });

  it('PayPal: other choices are disabled while the order is created; an error re-enables them with issue, description and debug id', async () => {
    baseApi();
    let release: () => void = () => undefined;
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/paypal/v2/link/many', async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(
          {
            message: 'PayPal rechazó la orden.',
            code: 'payments.provider_unavailable',
            details: [{ issue: 'INVALID_AMOUNT', description: 'El monto no es válido.' }],
            debug_id: 'dbg-123',
          },
          { status: 502 },
        );
      }),
    );
    const user = userEvent.setup();
    const { redirect } = renderCheckout('many', { status: 'ready', shipments: [payable(1), payable(2)] });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con PayPal' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'OXXO' })).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'Monedero electrónico' })).toBeDisabled();
    release();
    expect(await screen.findByText('PayPal rechazó la orden. (INVALID_AMOUNT: El monto no es válido. · Id de depuración: dbg-123)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'OXXO' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pagar con PayPal' })).toBeEnabled();
    expect(redirect).not.toHaveBeenCalled();
    expect(bodies).toEqual([{ shipments: [shipmentId(1), shipmentId(2)], email: buyerEmail }]);
  });

  it('PayPal: the order sends the browser to approve_url', async () => {
    baseApi();
    server.use(
      http.post('/api/v1/paypal/v2/link/many', () =>
        HttpResponse.json({ id: 'ORDER-9', approve_url: 'http://localhost/sandbox/paypal/ORDER-9', payment_id: paymentId, sandbox: true }),
      ),
    );
    const user = userEvent.setup();
    const { redirect } = renderCheckout(
      'many',
      { status: 'ready', shipments: [payable(1), payable(2)] },
      `/payment/shipments/many?shipments=${shipmentId(1)},${shipmentId(2)}`,
    );
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pagar con PayPal' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/sandbox/paypal/ORDER-9'));
    expect(recallReturnTo(paymentId)).toBe(`/payment/shipments/many?shipments=${shipmentId(1)},${shipmentId(2)}`);
  });

  it('OXXO many: one reference for all, then the success page', async () => {
    baseApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/payments/many/conekta/oxxo/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          message: 'ok',
          reference: '93000099999999',
          payment_id: paymentId,
          amount: 361,
          expires_at: '2026-11-26T18:00:00.000Z',
          sandbox: true,
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderCheckout('many', { status: 'ready', shipments: [payable(1), payable(2)] });
    await user.click(await screen.findByRole('radio', { name: 'OXXO' }));
    await user.click(screen.getByRole('button', { name: 'Generar referencia OXXO' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/result/success'));
    expect(router.state.location.search).toContain('reference=93000099999999');
    expect(bodies).toEqual([{ shipments: [shipmentId(1), shipmentId(2)], email: buyerEmail }]);
  });
});
