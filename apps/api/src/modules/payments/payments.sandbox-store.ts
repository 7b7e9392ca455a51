import type { Database } from '../../db/client.js';
import type { SandboxOrder, SandboxOrderStore } from './adapters/paypal-sandbox.js';
import { PaymentProviderError, type OrderStatus } from './adapters/payment-provider.js';
import * as repo from './payments.repository.js';

function toOrder(row: repo.SandboxOrderRow): SandboxOrder {
  return {
    orderId: row.orderId,
    status: row.status as OrderStatus,
    amountCentavos: row.amountCentavos,
    referenceId: row.referenceId,
    customId: row.customId ?? undefined,
    description: row.description,
    returnUrl: row.returnUrl,
    cancelUrl: row.cancelUrl,
    declineNextCapture: row.declineNextCapture,
    capture: row.captureId ? { captureId: row.captureId, amountCentavos: row.amountCentavos } : undefined,
  };
}

/** The sandbox PayPal's orders in the database: they survive restarts and every process shares them. */
export function databaseSandboxStore(db: Database, now: () => Date): SandboxOrderStore {
  return {
    async create(requestId, order) {
      const at = now();
      const inserted = await repo.insertSandboxOrder(db, {
        orderId: order.orderId,
        requestId,
        status: order.status,
        amountCentavos: order.amountCentavos,
        referenceId: order.referenceId,
        customId: order.customId ?? null,
        description: order.description,
        returnUrl: order.returnUrl,
        cancelUrl: order.cancelUrl,
        declineNextCapture: order.declineNextCapture,
        createdAt: at,
        updatedAt: at,
      });
      return toOrder(inserted ?? (await repo.findSandboxOrderByRequest(db, requestId))!);
    },
    async find(orderId) {
      const row = await repo.findSandboxOrder(db, orderId);
      return row ? toOrder(row) : undefined;
    },
    update(orderId, change) {
      return db.transaction(async (tx) => {
        const row = await repo.findSandboxOrder(tx, orderId, { lock: true });
        if (!row) {
          throw new PaymentProviderError('La orden de PayPal (sandbox) no existe.', {
            kind: 'invalid',
            status: 404,
            errorName: 'RESOURCE_NOT_FOUND',
            issue: 'INVALID_RESOURCE_ID',
          });
        }
        const { order, result } = change(toOrder(row));
        await repo.updateSandboxOrder(tx, orderId, {
          status: order.status,
          declineNextCapture: order.declineNextCapture,
          captureId: order.capture?.captureId ?? null,
          updatedAt: now(),
        });
        return result;
      });
    },
  };
}
