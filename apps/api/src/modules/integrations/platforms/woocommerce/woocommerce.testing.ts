import { expect } from 'vitest';
import { connectStore, startStoreWorld } from '../../integrations.testing.js';
import type { ContractHarness } from '../contract.testing.js';
import { mexicanAddress } from './fakes/woocommerce.fake.js';
import { signWebhookBody, wpJsonEncode } from './woocommerce-wire.js';

/** WooCommerce in the platform-contract suite: the key handshake with the fake store, order.created deliveries. */
export const woocommerceContract: ContractHarness = {
  platform: 'woocommerce',
  async start() {
    const world = await startStoreWorld({ deps: { jobs: { backoffMs: () => 0 } } });
    const checkout = () => ({
      billing: { ...mexicanAddress(), email: 'cliente@correo.mx' },
      shipping: mexicanAddress(),
      items: [{ product_id: 11, quantity: 2 }],
    });
    return {
      t: world.t,
      admin: world.admin,
      connect: (seller) => connectStore(world, seller),
      async placeOrder(_connectionId, opts = {}) {
        const order = opts.lost ? world.fake.placeOrderSilently(checkout()) : await world.fake.placeOrder(checkout());
        return order.id;
      },
      async redeliver(_connectionId, externalId, times) {
        const statuses = await Promise.all(Array.from({ length: times }, () => world.fake.redeliver(externalId, 'order.created')));
        return statuses.flat();
      },
      async forged(connectionId, externalId) {
        const order = world.fake.state.orders.find((o) => o.id === externalId)!;
        const body = wpJsonEncode(order);
        const res = await world.t.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/woocommerce/${connectionId}`,
          headers: {
            'content-type': 'application/json',
            'x-wc-webhook-topic': 'order.created',
            'x-wc-webhook-signature': signWebhookBody('not-the-secret', body),
          },
          payload: body,
        });
        return res.statusCode;
      },
      failNextTrackingWrite(externalId) {
        world.fake.failNext({ method: 'PUT', path: new RegExp(`/orders/${externalId}$`) }, 500);
      },
      trackingOnStore(externalId) {
        const order = world.fake.state.orders.find((o) => o.id === externalId);
        expect(order).toBeTruthy();
        const guide = order!.meta_data.find((m) => m.key === '_tracking_number')?.value;
        return { guide: typeof guide === 'string' ? guide : '', events: (world.fake.state.notes[String(externalId)] ?? []).length };
      },
      close: () => world.close(),
    };
  },
};
