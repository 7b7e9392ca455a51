import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PaymentConfig } from '@envios/contracts/payments';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { TopUpCheckout } from './top-up-checkout';

setupMockApi();

const TOPUP = 'c0000000-0000-4000-8000-000000000001';
const PAYMENT = 'd0000000-0000-4000-8000-000000000001';
const config = (card: boolean): PaymentConfig => ({
  paypal: { sandbox: true, enabled: true },
  oxxo: { sandbox: true, enabled: true },
  card: { enabled: card },
  sandbox_mode: true,
});

/** Shows the result page's path and query so the test can read where the checkout went. */
function ResultProbe() {
  return <p>{`Resultado: ${window.location.pathname}`}</p>;
}

function createdHandler(bodies: unknown[]) {
  return http.post('/api/v1/prepaid', async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({ id: TOPUP });
  });
}

async function toStep2(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(screen.getByRole('textbox', { name: /Monto a abonar/ }), amount);
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  return screen.findByRole('region', { name: 'Resumen de Prepago' });
}

describe('TopUpCheckout', () => {
  it('step 1 requires a positive amount, then Continuar creates the pending top-up', async () => {
    const bodies: unknown[] = [];
    server.use(createdHandler(bodies));
    const user = userEvent.setup();
    renderWithApp(<TopUpCheckout email="ana@correo.test" paymentConfig={config(false)} />);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El monto es obligatorio.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Monto a abonar/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El monto debe ser mayor que cero.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: /Monto a abonar/ }));
    const summary = await toStep2(user, '250.5');
    // One money format: MX$ with two decimals and no 'MXN' beside it.
    expect(within(summary).getByTestId('top-up-total')).toHaveTextContent(/^MX\$250\.50$/);
    expect(bodies).toEqual([{ amount: 250.5 }]);
    // Card through PayPal only when the configuration enables it.
    expect(screen.getByRole('radio', { name: /PayPal/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Tarjeta/ })).not.toBeInTheDocument();
  });

  it('Anterior deletes the pending top-up and returns to step 1 with the amount', async () => {
    const deleted: string[] = [];
    server.use(
      createdHandler([]),
      http.delete('/api/v1/prepaid/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TopUpCheckout email="ana@correo.test" paymentConfig={config(true)} />);
    await toStep2(user, '100');
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(deleted).toEqual([TOPUP]);
    expect(screen.getByRole('textbox', { name: /Monto a abonar/ })).toHaveValue('100');
  });

  it('Pagar needs a method; OXXO goes to the success result with the reference', async () => {
    const oxxo: unknown[] = [];
    server.use(
      createdHandler([]),
      http.post('/api/v1/payments/conekta/oxxo/:id', async ({ request, params }) => {
        oxxo.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({
          message: 'ok',
          reference: '93000012345678',
          payment_id: PAYMENT,
          amount: 100,
          expires_at: '2026-11-26T18:00:00.000Z',
          sandbox: true,
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderWithApp(<TopUpCheckout email="ana@correo.test" paymentConfig={config(false)} />, {
      path: '/prepaid/new',
      routes: [{ path: '/payments/result/:result', element: <ResultProbe /> }],
    });
    await toStep2(user, '100');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Elige un método de pago.')).toBeInTheDocument();
    expect(oxxo).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /OXXO/ }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/result/success'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      oxxo: 'true',
      reference: '93000012345678',
      email: 'ana@correo.test',
      prepaid: 'true',
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(oxxo).toEqual([{ id: TOPUP, body: { email: 'ana@correo.test' } }]);
  });

  it('PayPal redirects to the approval link; card uses the PayPal Plus link; a failure re-enables Pagar', async () => {
    let fail = true;
    const calls: string[] = [];
    server.use(
      createdHandler([]),
      http.post('/api/v1/prepaid/getLinkpaypal/:id', ({ request, params }) => {
        calls.push(`paypal ${String(params.id)} ${new URL(request.url).searchParams.get('email')}`);
        if (fail) return HttpResponse.json({ message: 'PayPal no respondió. Intenta de nuevo.', code: 'payments.provider_unavailable' }, { status: 502 });
        return HttpResponse.json({ url: 'https://paypal.test/approve?token=X', payment_id: PAYMENT, order_id: 'X', sandbox: true });
      }),
      http.get('/api/v1/prepaid/getLinkPayPalPlus/:id', ({ params }) => {
        calls.push(`card ${String(params.id)}`);
        return HttpResponse.json({ data: { link: 'https://paypal.test/card?token=Y', payment_id: PAYMENT } });
      }),
    );
    const redirect = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<TopUpCheckout email="ana@correo.test" paymentConfig={config(true)} redirect={redirect} />);
    await toStep2(user, '300');
    await user.click(screen.getByRole('radio', { name: /^PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal no respondió. Intenta de nuevo.');
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://paypal.test/approve?token=X'));
    await user.click(screen.getByRole('radio', { name: /Tarjeta/ }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await waitFor(() => expect(redirect).toHaveBeenLastCalledWith('https://paypal.test/card?token=Y'));
    expect(calls).toEqual([`paypal ${TOPUP} ana@correo.test`, `paypal ${TOPUP} ana@correo.test`, `card ${TOPUP}`]);
  });
});
