import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { buyerEmail, paymentId, shipmentId } from '@/testing/mock-payments';
import { rememberReturnTo } from '../utils/return-to';
import { PaypalReturn, RESTART_MESSAGE } from './paypal-return';

setupMockApi();

function Landing() {
  const location = useLocation();
  return <p>{`Ruta: ${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderReturn(query: string, redirect = vi.fn()) {
  const params = new URLSearchParams(query);
  const utils = renderWithApp(
    <PaypalReturn
      paymentId={params.get('payment')}
      token={params.get('token')}
      cancelled={params.get('cancel') === '1'}
      redirect={redirect}
      restartDelayMs={0}
    />,
    {
      path: '/payments/paypal/return',
      at: `/payments/paypal/return?${query}`,
      routes: [
        { path: '/payments/result/:result', element: <Landing /> },
        { path: '/payment/shipments/many', element: <Landing /> },
      ],
    },
  );
  return { ...utils, redirect };
}

const base = { payment_id: paymentId, purpose: 'shipments', email: buyerEmail } as const;

describe('Back from PayPal (/payments/paypal/return)', () => {
  it("captures showing 'Procesando tu pago…'; COMPLETED goes to success?home=true&email", async () => {
    let release: () => void = () => undefined;
    const captured: string[] = [];
    server.use(
      http.get('/api/v1/paypal/v2/capture-order/:orderId', async ({ params }) => {
        captured.push(String(params.orderId));
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          ...base,
          status: 'COMPLETED',
          restart: false,
          purchase_units: [{ reference_id: paymentId, amount: { currency_code: 'MXN', value: '361.00' } }],
        });
      }),
    );
    const { router } = renderReturn(`payment=${paymentId}&token=ORDER-1&PayerID=PAYER`);
    expect(await screen.findByText('Procesando tu pago…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/result/success'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ home: 'true', email: buyerEmail });
    expect(captured).toEqual(['ORDER-1']);
  });

  it('a top-up order goes to the same success page', async () => {
    server.use(
      http.get('/api/v1/paypal/v2/capture-order/:orderId', () => HttpResponse.json({ ...base, purpose: 'topup', status: 'COMPLETED', restart: false })),
    );
    const { router } = renderReturn(`payment=${paymentId}&token=ORDER-2`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/result/success'));
    expect(router.state.location.search).toContain('home=true');
  });

  it('a declined instrument says so and opens PayPal again', async () => {
    server.use(
      http.get('/api/v1/paypal/v2/capture-order/:orderId', () =>
        HttpResponse.json({
          ...base,
          restart: true,
          approve_url: 'http://localhost/sandbox/paypal/ORDER-3',
          details: [{ issue: 'INSTRUMENT_DECLINED', description: 'Rechazada.' }],
        }),
      ),
    );
    const { redirect } = renderReturn(`payment=${paymentId}&token=ORDER-3`);
    expect(await screen.findByText(RESTART_MESSAGE)).toBeInTheDocument();
    expect(RESTART_MESSAGE).toBe('Tu banco rechazó el pago; elige otro método en PayPal.');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/sandbox/paypal/ORDER-3'));
  });

  it('any other answer or failure goes to the error result with message and error', async () => {
    server.use(
      http.get('/api/v1/paypal/v2/capture-order/:orderId', () =>
        HttpResponse.json({ message: 'La orden no existe.', code: 'payments.not_found' }, { status: 404 }),
      ),
    );
    const { router } = renderReturn(`payment=${paymentId}&token=ORDER-4`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/result/error'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ message: 'La orden no existe.', error: 'payments.not_found' });
  });

  it('cancel=1 goes back to the payment page it came from, with a note', async () => {
    const from = `/payment/shipments/many?shipments=${shipmentId(1)},${shipmentId(2)}`;
    rememberReturnTo(paymentId, from);
    const { router } = renderReturn(`payment=${paymentId}&cancel=1&token=ORDER-5`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/shipments/many'));
    expect(router.state.location.search).toBe(`?shipments=${shipmentId(1)},${shipmentId(2)}`);
    expect(router.state.location.state).toEqual({ paypalCancelled: true });
  });

  it('cancel=1 of a payment this tab does not know offers Mis Envíos', () => {
    renderReturn('payment=30000000-0000-4000-8000-000000000009&cancel=1');
    expect(screen.getByText('Cancelaste el pago con PayPal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis Envíos' })).toHaveAttribute('href', '/shipments');
  });
});
