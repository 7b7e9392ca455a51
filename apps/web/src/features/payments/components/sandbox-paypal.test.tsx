import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { SandboxPaypal } from './sandbox-paypal';

setupMockApi();

function renderSandbox(orderId = 'SANDBOX-1') {
  const redirect = vi.fn();
  return {
    ...renderWithApp(<SandboxPaypal orderId={orderId} redirect={redirect} />, { path: '/sandbox/paypal/:orderId', at: `/sandbox/paypal/${orderId}` }),
    redirect,
  };
}

describe('PayPal sandbox approval page (/sandbox/paypal/{orderId})', () => {
  it('is clearly labelled, shows amount and description, and each button follows the redirect the API answers', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/v1/sandbox/paypal/SANDBOX-1', () =>
        HttpResponse.json({ order_id: 'SANDBOX-1', amount: 361, description: 'Guías de envío', status: 'PAYER_ACTION_REQUIRED', card: false }),
      ),
      http.post('/api/v1/sandbox/paypal/SANDBOX-1/:action', ({ params }) => {
        calls.push(String(params.action));
        return HttpResponse.json({ redirect: `http://localhost/payments/paypal/return?payment=p&token=SANDBOX-1&action=${String(params.action)}` });
      }),
    );
    const user = userEvent.setup();
    const { redirect } = renderSandbox();
    expect(screen.getByText('Entorno de pruebas — no se cobra dinero real')).toBeInTheDocument();
    expect(await screen.findByText('MX$361.00')).toBeInTheDocument();
    expect(screen.getByText('Guías de envío')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechazar tarjeta' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Aprobar pago' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost/payments/paypal/return?payment=p&token=SANDBOX-1&action=approve'));
    expect(calls).toEqual(['approve']);
    // On its way out: nothing else may be pressed.
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });

  it('decline and cancel call their action', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/v1/sandbox/paypal/SANDBOX-2', () =>
        HttpResponse.json({ order_id: 'SANDBOX-2', amount: 100, description: 'Abono', status: 'PAYER_ACTION_REQUIRED', card: true }),
      ),
      http.post('/api/v1/sandbox/paypal/SANDBOX-2/:action', ({ params }) => {
        calls.push(String(params.action));
        return HttpResponse.json({ redirect: '/payments/paypal/return?payment=p&cancel=1' });
      }),
    );
    const user = userEvent.setup();
    renderSandbox('SANDBOX-2');
    expect(await screen.findByText('Pago con tarjeta a través de PayPal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rechazar tarjeta' }));
    await waitFor(() => expect(calls).toEqual(['decline']));
  });

  it('a captured order cannot be approved again; an unknown one says so', async () => {
    server.use(
      http.get('/api/v1/sandbox/paypal/SANDBOX-3', () =>
        HttpResponse.json({ order_id: 'SANDBOX-3', amount: 100, description: 'Guía', status: 'COMPLETED', card: false }),
      ),
      http.get('/api/v1/sandbox/paypal/NOPE', () =>
        HttpResponse.json({ message: 'La orden de PayPal (sandbox) no existe.', code: 'request.not_found' }, { status: 404 }),
      ),
    );
    const first = renderSandbox('SANDBOX-3');
    expect(await screen.findByText('Esta orden ya no espera aprobación (estado: COMPLETED).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprobar pago' })).toBeDisabled();
    first.unmount();
    renderSandbox('NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent('La orden de PayPal (sandbox) no existe.');
  });
});
