import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { landing, renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { postalCodesHandler, siteHandler } from '@/testing/mock-geography';
import { demoQuoteRequest, option } from '@/testing/mock-quotes';
import { demoUser, meHandler, overweightHandler } from '@/testing/mock-shipments';
import { saveQuoteRequest } from '@/features/quotes/utils/quote-request-storage';
import { saveSelectedService } from '@/features/quotes/utils/selected-service-storage';
import PublicNewShipmentRoute from './new-shipment';

setupMockApi();

function renderRoute() {
  return renderWithApp(<PublicNewShipmentRoute />, { path: '/shipment/new', routes: [landing('/signin')] });
}

describe('/shipment/new', () => {
  beforeEach(() => {
    sessionStorage.clear();
    saveQuoteRequest(demoQuoteRequest);
    saveSelectedService({ option: option('ampm', 'ESTANDAR', 144.48, 4), quoted_at: '2026-11-22T16:00:00.000Z' });
    server.use(siteHandler(), overweightHandler(), postalCodesHandler().handler);
  });

  it('a visitor signs in first and comes back here', async () => {
    server.use(meHandler(401, { message: 'Inicia sesión para continuar.', code: 'auth.unauthenticated' }));
    const { router } = renderRoute();
    expect(await screen.findByText('Ruta: /signin')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fshipment%2Fnew');
  });

  it('an account pending approval hears why', async () => {
    server.use(meHandler(403, { message: 'no active', code: 'accounts.inactive' }));
    renderRoute();
    expect(await screen.findByText('Usted ha creado una cuenta en nuestro sistema.')).toBeInTheDocument();
    expect(screen.getByText(/Aún no ha sido aprobada su cuenta/)).toBeInTheDocument();
  });

  it("an account whose purchases are blocked ('Bloquear compras') is told so, still signed in", async () => {
    server.use(meHandler(200, { ...demoUser, purchasesBlocked: true }));
    renderRoute();
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu cuenta tiene las compras bloqueadas');
    expect(screen.getByRole('alert')).toHaveTextContent('puedes cotizar y consultar tus envíos');
  });

  it('an active account continues with the chosen service, at the addresses (step 2 of 3)', async () => {
    server.use(meHandler());
    renderRoute();
    expect(await screen.findByRole('heading', { name: 'Ingresar direcciones' })).toBeInTheDocument();
    const origin = screen.getByRole('group', { name: 'Origen' });
    expect(within(origin).getByLabelText(/Código postal/)).toHaveValue('44100');
    // The home quote keeps the city alone; the postal lookup adds the state.
    expect(await within(origin).findByDisplayValue('Jalisco, Guadalajara')).toBeInTheDocument();
    expect(screen.getByText('AM/PM ESTANDAR')).toBeInTheDocument();
  });
});
