import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { siteHandler } from '@/testing/mock-geography';
import { demoQuoteRequest, option, quoteAnswer, quotingHandler } from '@/testing/mock-quotes';
import { saveQuoteRequest } from '@/features/quotes/utils/quote-request-storage';
import { SELECTED_SERVICE_STORAGE_KEY } from '@/features/quotes/utils/selected-service-storage';
import ServiceProvidersRoute from './service-providers';

setupMockApi();

const ampm = option('ampm', 'ESTANDAR', 144.48, 4);
const user = {
  _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  rol: 'user',
  active: true,
  locked: false,
  purchasesBlocked: false,
  approvedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function me(status: number, body: JsonBodyType) {
  return http.get('/api/v1/me', () => HttpResponse.json(body, { status }));
}

function renderRoute() {
  return renderWithApp(<ServiceProvidersRoute />, {
    path: '/service-providers',
    routes: [landing('/signin'), landing('/shipment/new')],
  });
}

async function clickEnviar() {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: 'Enviar con AM/PM ESTANDAR' }));
}

describe('/service-providers', () => {
  beforeEach(() => {
    sessionStorage.clear();
    saveQuoteRequest(demoQuoteRequest);
    server.use(siteHandler(), quotingHandler(quoteAnswer([ampm])).handler);
  });

  it("'Enviar' while signed out goes to /signin, to come back here, keeping the chosen option", async () => {
    server.use(me(401, { message: 'Inicia sesión para continuar.', code: 'auth.unauthenticated' }));
    const { router } = renderRoute();
    await clickEnviar();
    expect(await screen.findByText('Ruta: /signin')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fservice-providers');
    const kept = JSON.parse(sessionStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)!);
    expect(kept.option.service_id).toBe(ampm.service_id);
    expect(kept.option.total_amount).toBe(288.96);
  });

  it('an account pending approval hears why instead of silence, and nothing is chosen', async () => {
    server.use(me(403, { message: 'no active', code: 'accounts.inactive' }));
    renderRoute();
    await clickEnviar();
    const dialog = await screen.findByRole('dialog', { name: 'Tu cuenta aún no está activa' });
    expect(within(dialog).getByText(/Aún no hemos aprobado tu cuenta/)).toBeInTheDocument();
    expect(sessionStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)).toBeNull();
  });

  it("an account whose purchases are blocked ('Bloquear compras') is told why when it picks a service", async () => {
    server.use(me(200, { ...user, purchasesBlocked: true }));
    renderRoute();
    await clickEnviar();
    const dialog = await screen.findByRole('dialog', { name: 'Tu cuenta tiene las compras bloqueadas' });
    expect(within(dialog).getByText(/puedes cotizar y consultar tus envíos, pero no comprar guías/)).toBeInTheDocument();
  });

  it('an active account keeps the option and goes on to the new shipment', async () => {
    server.use(me(200, user));
    renderRoute();
    await clickEnviar();
    expect(await screen.findByText('Ruta: /shipment/new')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(SELECTED_SERVICE_STORAGE_KEY)!).quoted_at).toBe('2026-11-22T16:00:00.000Z');
  });

  it('back from signing in, the chosen option is marked', async () => {
    sessionStorage.setItem(SELECTED_SERVICE_STORAGE_KEY, JSON.stringify({ option: ampm, quoted_at: '2026-11-22T16:00:00.000Z' }));
    renderRoute();
    expect(await screen.findByText(/Elegiste AM\/PM ESTANDAR/)).toBeInTheDocument();
    expect(screen.getByText('Tu elección')).toBeInTheDocument();
  });
});
