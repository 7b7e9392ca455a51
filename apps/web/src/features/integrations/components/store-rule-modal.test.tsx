import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StoreConnection, StoreRule } from '@envios/contracts/integrations';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { StoreRuleModal } from './store-rule-modal';

setupMockApi();

const STORE = '7c1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';
const ORIGIN = '3f1d1c2e-0f3a-4c1b-9e8d-7a6b5c4d3e2f';
const store = { _id: STORE, app_name: 'Mi Tienda', ecommerce_type: 'shopify' } as StoreConnection;

describe('Regla de envío', () => {
  it('asks for an origin before buying by itself, then saves the rule as chosen', async () => {
    const saved: unknown[] = [];
    const rule: StoreRule = {
      connection_id: STORE,
      origin_address_id: null,
      package_template_id: null,
      carrier_rule: 'cheapest',
      service_name: null,
      max_price: null,
      auto_purchase: false,
      daily_limit: 20,
      bought_today: 3,
    };
    server.use(
      http.get(`/api/v1/stores/${STORE}/rule`, () => HttpResponse.json(rule)),
      http.put(`/api/v1/stores/${STORE}/rule`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(rule);
      }),
      http.get('/api/v1/locations-user', () => HttpResponse.json([{ _id: ORIGIN, name: 'Bodega Centro', postal_code: '44100' }])),
      http.get('/api/v1/parcel-templates', () => HttpResponse.json([])),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<StoreRuleModal store={store} opened onClose={onClose} />);
    expect(await screen.findByText('Hoy se han comprado 3 con esta regla.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const auto = screen.getByRole('switch');
    await user.click(auto);
    await user.click(screen.getByRole('button', { name: 'Guardar regla' }));
    expect(await screen.findByText('Para comprar guías solas elige la dirección de origen.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.click(screen.getAllByRole('combobox')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Bodega Centro · C.P. 44100', hidden: true }, { timeout: 5_000 }));
    await user.click(screen.getByRole('button', { name: 'Guardar regla' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        origin_address_id: ORIGIN,
        package_template_id: null,
        carrier_rule: 'cheapest',
        service_name: null,
        max_price: null,
        auto_purchase: true,
        daily_limit: 20,
      },
    ]);
  }, 30_000);
});
