import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ApiKey, ApiKeyList, CreatedApiKey, WebhookDelivery, WebhookDeliveryPage, WebhookEndpointList } from '@envios/contracts/developers';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { DevelopersPage } from './developers-page';

setupMockApi();

const KEY = 'emx_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';
const ENDPOINT = '6a1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';

function apiKey(over: Partial<ApiKey> = {}): ApiKey {
  return {
    _id: '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f',
    name: 'ERP',
    prefix: 'emx_live_AbCd',
    scope: 'write',
    mode: 'live',
    created_at: '2026-11-30T16:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    ...over,
  };
}

function delivery(over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    _id: '8d1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f',
    event_id: '9e1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f',
    event_type: 'guide.issued',
    status: 'failed',
    attempts: 14,
    response_status: 503,
    response_ms: 120,
    response_body: 'no disponible',
    error: 'El destino respondió 503.',
    request_body: '{"id":"9e1d","type":"guide.issued","created":"2026-11-30T16:00:00.000Z","data":{}}',
    created_at: '2026-11-30T16:00:00.000Z',
    last_attempt_at: '2026-12-03T16:00:00.000Z',
    next_attempt_at: null,
    delivered_at: null,
    ...over,
  };
}

function api() {
  const state = { keys: [] as ApiKey[], created: [] as unknown[], resent: [] as string[], revoked: [] as string[] };
  server.use(
    http.get('/api/v1/developers/keys', () => HttpResponse.json<ApiKeyList>({ data: state.keys, rate_limit: { per_second: 10, burst: 20 } })),
    http.post('/api/v1/developers/keys', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      state.created.push(body);
      const made = apiKey({ name: body.name });
      state.keys = [made];
      return HttpResponse.json<CreatedApiKey>({ key: KEY, api_key: made }, { status: 201 });
    }),
    http.delete('/api/v1/developers/keys/:id', ({ params }) => {
      state.revoked.push(String(params.id));
      state.keys = state.keys.map((k) => ({ ...k, revoked_at: '2026-11-30T17:00:00.000Z' }));
      return HttpResponse.json(state.keys[0]);
    }),
    http.get('/api/v1/developers/webhooks', () =>
      HttpResponse.json<WebhookEndpointList>({
        data: [
          {
            _id: ENDPOINT,
            url: 'https://erp.mi-tienda.mx/avisos',
            description: 'ERP',
            events: ['guide.issued'],
            active: false,
            paused_reason: 'Pausado automáticamente: no respondió con éxito durante 3 días.',
            paused_at: '2026-12-03T16:00:00.000Z',
            created_at: '2026-11-30T16:00:00.000Z',
          },
        ],
      }),
    ),
    http.get(`/api/v1/developers/webhooks/${ENDPOINT}/deliveries`, () =>
      HttpResponse.json<WebhookDeliveryPage>({ docs: [delivery()], count: 1, page: 1, pages: 1, next: null, previous: null }),
    ),
    http.post(`/api/v1/developers/webhooks/${ENDPOINT}/deliveries/:deliveryId/resend`, ({ params }) => {
      state.resent.push(String(params.deliveryId));
      return HttpResponse.json({ queued: true }, { status: 202 });
    }),
  );
  return state;
}

describe('Desarrolladores', () => {
  it('a new key is shown once, in full, then only its prefix', async () => {
    const state = api();
    const user = userEvent.setup();
    renderWithApp(<DevelopersPage docsHref="/api/docs" walletHref="/prepaids" />, { path: '/desarrolladores' });
    expect(await screen.findByText(/Aún no tienes llaves/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear llave' }));
    const form = await screen.findByRole('form', { name: 'Nueva llave de API' });
    await user.click(within(form).getByRole('button', { name: 'Crear llave' }));
    expect(await within(form).findByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(state.created).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /Nombre/ }), 'ERP');
    await user.click(within(form).getByRole('radio', { name: 'Solo lectura' }));
    await user.click(within(form).getByRole('button', { name: 'Crear llave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tu llave nueva' });
    expect(within(dialog).getByText(KEY)).toBeInTheDocument();
    expect(state.created).toEqual([{ name: 'ERP', scope: 'read', mode: 'live' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Ya la guardé' }));
    const table = await screen.findByRole('table', { name: 'Llaves de API' });
    expect(within(table).getByText('emx_live_AbCd…')).toBeInTheDocument();
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
  }, 60_000);

  it('«Revocar» asks first, then the key is listed as revoked', async () => {
    const state = api();
    state.keys = [apiKey()];
    const user = userEvent.setup();
    renderWithApp(<DevelopersPage docsHref="/api/docs" walletHref="/prepaids" />, { path: '/desarrolladores' });
    const table = await screen.findByRole('table', { name: 'Llaves de API' });
    await user.click(within(table).getByRole('button', { name: 'Revocar ERP' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Revocar la llave?' });
    expect(state.revoked).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(within(table).getByText('Revocada')).toBeInTheDocument());
    expect(state.revoked).toEqual(['7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f']);
  }, 30_000);

  it('a paused endpoint says why; «Reenviar» waits for «Reanudar»; the log shows the answer code and time', async () => {
    api();
    renderWithApp(<DevelopersPage docsHref="/api/docs" walletHref="/prepaids" />, { path: '/desarrolladores' });
    const card = await screen.findByRole('article', { name: 'Destino ERP' });
    expect(within(card).getByText('En pausa')).toBeInTheDocument();
    expect(within(card).getByText(/no respondió con éxito durante 3 días/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reanudar' })).toBeInTheDocument();
    const log = await within(card).findByRole('table', { name: 'Registro de entregas' });
    expect(within(log).getByText('503 en 120 ms')).toBeInTheDocument();
    expect(within(log).getByText('Fallido')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: /^Reenviar Guía emitida/ })).toBeDisabled();
  }, 30_000);

  it('shows the signature recipe and the quick start to copy', async () => {
    api();
    renderWithApp(<DevelopersPage docsHref="/api/docs" walletHref="/prepaids" />, { path: '/desarrolladores' });
    expect(screen.getByRole('heading', { name: 'Verifica la firma' })).toBeInTheDocument();
    expect(screen.getByLabelText('verificar.mjs').textContent).toContain("createHmac('sha256', secreto)");
    expect(screen.getByLabelText('inicio-rapido.mjs').textContent).toContain("'Idempotency-Key': clave");
    expect(screen.getByRole('link', { name: 'documentación de la API' })).toHaveAttribute('href', '/api/docs');
  }, 30_000);
});
