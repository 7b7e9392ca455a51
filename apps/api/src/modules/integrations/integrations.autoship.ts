import { savedLocationsOf } from '../addresses/addresses.usecases.js';
import { guidesInStock } from '../guides/guides.usecases.js';
import { findAccountParcelTemplate } from '../parcels/parcels.usecases.js';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { walletErrorCodes } from '@envios/contracts/wallet';
import type { StoreOrderDetail, StoreRule } from '@envios/contracts/integrations';
import { quoteRequestSchema, type QuoteResponse, type ShippingOption } from '@envios/contracts/quotes';
import { createShipmentSchema, type CreateShipment } from '@envios/contracts/shipments';
import type { z } from 'zod';
import type { storeRuleInputSchema } from '@envios/contracts/integrations';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { AppError } from '../../shared/errors.js';
import { mexicoCityTime } from '../../shared/mexico-city-time.js';
import { integrationErrors } from './integrations.errors.js';
import { ownedConnection } from './integrations.connect.js';
import { getStoreOrder } from './integrations.orders.js';
import * as repo from './integrations.repository.js';
import * as rules from './integrations.rules.repository.js';
import type { AutoShipPorts } from './integrations.deps.js';
import { JOB, type Ctx } from './integrations.shared.js';

/*
 * Rules that ship by themselves. Per store, the seller keeps a rule (origin, package, carrier
 * rule with a maximum price, automatic purchase with a daily limit). When a paid order is written
 * (notice or sync) and its store buys by itself, a row in `store_auto_orders` keyed by the order
 * is taken in the same transaction and a durable job `stores.auto-ship` runs it: quote, create
 * the shipment and pay it from the wallet through the same use cases as a click (same checks,
 * ledger, events and notification). Whoever moves the row from `queued` does the work, so a notice
 * delivered twice or two processes buy one guide; what the rule cannot decide waits with its reason.
 *
 * Two waits go on by themselves: a wallet short (the shipment is created, unpaid) is paid when the
 * account's wallet is credited (`wallet.credited`), and an order held by the daily limit is tried
 * again the next day (Mexico City). Each is moved out of `waiting` by one conditional update, so
 * two credits at once resume it once. An address to review waits for the seller.
 */

/** A resumed order's own job, should this process stop before it is done (its inline run is long over by then). */
const RESUME_AFTER_MS = 10 * 60_000;

export interface AutoShipPayload {
  orderId: string;
}

const ownerCaller = (userId: string): Caller => ({ id: userId, rol: 'user', sessionId: '' });

function toRuleDto(connectionId: string, row: rules.StoreRuleRow | undefined, boughtToday: number): StoreRule {
  return {
    connection_id: connectionId,
    origin_address_id: row?.originAddressId ?? null,
    package_template_id: row?.packageTemplateId ?? null,
    carrier_rule: row?.carrierRule ?? 'cheapest',
    service_name: row?.serviceName ?? null,
    max_price: row?.maxPriceCentavos == null ? null : row.maxPriceCentavos / 100,
    auto_purchase: row?.autoPurchase ?? false,
    daily_limit: row?.dailyLimit ?? 20,
    bought_today: boughtToday,
  };
}

/** `GET /stores/{id}/rule`: the rule of an own store (its defaults before the first save). */
export async function getRule(ctx: Ctx, caller: Caller, connectionId: string): Promise<StoreRule> {
  await ownedConnection(ctx, caller, connectionId);
  const day = mexicoCityTime(ctx.clock.now()).date;
  return toRuleDto(connectionId, await rules.findRule(ctx.db, connectionId), await rules.countPurchasesOn(ctx.db, connectionId, day));
}

/** `PUT /stores/{id}/rule`: the origin and package must be the store owner's own. */
export async function saveRule(ctx: Ctx, caller: Caller, connectionId: string, input: z.output<typeof storeRuleInputSchema>): Promise<StoreRule> {
  const conn = await ownedConnection(ctx, caller, connectionId);
  if (input.origin_address_id && !(await savedLocationsOf(ctx.db, conn.userId)).some((a) => a._id === input.origin_address_id)) {
    throw integrationErrors.ruleInvalid('origin_address_id', 'La dirección de origen no está entre tus direcciones guardadas.');
  }
  if (input.package_template_id && !(await findAccountParcelTemplate(ctx.db, conn.userId, input.package_template_id))) {
    throw integrationErrors.ruleInvalid('package_template_id', 'El paquete no está entre tus paquetes guardados.');
  }
  const row = await rules.saveRule(ctx.db, {
    connectionId,
    userId: conn.userId,
    originAddressId: input.origin_address_id,
    packageTemplateId: input.package_template_id,
    carrierRule: input.carrier_rule,
    serviceName: input.carrier_rule === 'service' ? input.service_name : null,
    maxPriceCentavos: input.max_price === null ? null : toCentavos(input.max_price),
    autoPurchase: input.auto_purchase,
    dailyLimit: input.daily_limit,
    updatedAt: ctx.clock.now(),
  });
  const day = mexicoCityTime(ctx.clock.now()).date;
  return toRuleDto(connectionId, row, await rules.countPurchasesOn(ctx.db, connectionId, day));
}

/** In the intake's transaction: the paid orders of stores that buy by themselves, taken once, each a job. */
export async function queueAutoShip(ctx: Ctx, tx: Executor, orderIds: string[], now: Date): Promise<void> {
  for (const orderId of await rules.queueAutoOrders(tx, orderIds, now)) {
    await ctx.jobs.enqueue<AutoShipPayload>({ type: JOB.autoShip, key: `${JOB.autoShip}:${orderId}`, payload: { orderId }, maxAttempts: 5 }, tx);
  }
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The option the rule picks among those under its maximum; or why none. */
export function pickOption(
  options: readonly ShippingOption[],
  rule: Pick<rules.StoreRuleRow, 'carrierRule' | 'serviceName' | 'maxPriceCentavos'>,
): { option: ShippingOption } | { reason: string } {
  if (options.length === 0) return { reason: 'Ningún servicio llega a este destino con este paquete.' };
  let pool = [...options];
  if (rule.carrierRule === 'service') {
    const wanted = fold(rule.serviceName ?? '');
    pool = pool.filter((o) => fold(`${o.carrier} ${o.carrier_service_name}`) === wanted || fold(o.carrier_service_name) === wanted);
    if (pool.length === 0) return { reason: `El servicio «${rule.serviceName ?? ''}» de tu regla no está disponible para este pedido.` };
  }
  const max = rule.maxPriceCentavos;
  if (max !== null) {
    pool = pool.filter((o) => toCentavos(o.net_total_amount) <= max);
    if (pool.length === 0) return { reason: `Ningún servicio de tu regla cuesta ${formatMXN(max)} o menos para este pedido.` };
  }
  const byPrice = (a: ShippingOption, b: ShippingOption) => a.net_total_amount - b.net_total_amount;
  const sorted = rule.carrierRule === 'fastest' ? pool.sort((a, b) => a.total_transit_days - b.total_transit_days || byPrice(a, b)) : pool.sort(byPrice);
  return { option: sorted[0]! };
}

/** The shipment the rule makes of the order: origin, package, quote and service; or why not. */
async function planShipment(
  ctx: Ctx,
  ports: AutoShipPorts,
  rule: rules.StoreRuleRow,
  order: StoreOrderDetail,
  caller: Caller,
): Promise<{ body: CreateShipment } | { reason: string }> {
  const origin = rule.originAddressId ? (await savedLocationsOf(ctx.db, caller.id)).find((a) => a._id === rule.originAddressId) : undefined;
  if (!origin) return { reason: 'Tu regla no tiene una dirección de origen guardada: elígela en Integraciones.' };
  let parcel = order.parcels[0];
  let shipmentType: string = 'box';
  if (rule.packageTemplateId) {
    const template = await findAccountParcelTemplate(ctx.db, caller.id, rule.packageTemplateId);
    if (!template) return { reason: 'El paquete guardado de tu regla ya no existe: elige otro en Integraciones.' };
    parcel = { width: template.width, depth: template.depth, height: template.height, weight: template.weight };
    shipmentType = template.shipment_type;
  } else if (!order.weight_from_products) {
    return { reason: 'La tienda no dio el peso de los productos: elige un paquete guardado en tu regla o genera la guía tú.' };
  }
  if (!parcel) return { reason: 'El pedido no tiene paquete.' };
  const d = order.destination_direction;
  const request = quoteRequestSchema.safeParse({
    origin_direction: { country_code: origin.country_code || 'MX', postal_code: origin.postal_code, city: origin.city, suburb: origin.colony },
    destination_direction: { country_code: d.country_code, postal_code: d.postal_code, city: d.city, suburb: d.colony, state_short: d.state_short },
    parcels: [parcel],
    package_type: shipmentType,
    cantidadGuias: 1,
  });
  if (!request.success) return { reason: `No se pudo cotizar: ${request.error.issues[0]?.message ?? 'datos incompletos'}` };
  let answer: QuoteResponse;
  try {
    answer = await ports.quote(request.data, caller);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { reason: `No se pudo cotizar: ${error.message}` };
    throw error;
  }
  // A service sold from the prepaid guide inventory (AM/PM…) with none left cannot be paid: skip it.
  const stock = await guidesInStock(ctx.db);
  const stocked = answer.options.filter((o) => (stock.get(o.service_id) ?? 1) > 0);
  if (stocked.length === 0 && answer.options.length > 0) return { reason: 'Por ahora no quedan guías de los servicios que llegan a este destino.' };
  const picked = pickOption(stocked, rule);
  if ('reason' in picked) return picked;
  const body = createShipmentSchema.safeParse({
    selected_service: { service_id: picked.option.service_id, net_total_amount: picked.option.net_total_amount },
    shipment_type: shipmentType,
    parcels: [parcel],
    cantidadGuias: 1,
    origin_direction: {
      full_name: origin.name,
      email: origin.email,
      phone: origin.phone,
      address: origin.street,
      number: origin.number,
      intNumber: origin.intNumber,
      reference_of_origin: origin.reference_of_origin,
      colony: origin.colony,
      postal_code: origin.postal_code,
      city: origin.city,
      state_code: origin.state_code,
      country_code: origin.country_code,
    },
    destination_direction: order.destination_direction,
    description_of_the_content: order.description_of_the_content,
    shipment_ecommerce: { order_id: order._id, ecommerce_type: (await repo.findConnection(ctx.db, order.connection_id))?.platform ?? 'woocommerce' },
  });
  if (!body.success) return { reason: `Revisa el pedido: ${body.error.issues[0]?.message ?? 'faltan datos'}` };
  return { body: body.data };
}

/** `stores.auto-ship`: one order turned into a paid guide by its store's rule, or left waiting with the reason. */
export async function runAutoShip(ctx: Ctx, ports: AutoShipPorts, orderId: string): Promise<void> {
  const auto = await rules.findAutoOrder(ctx.db, orderId);
  if (!auto || auto.status === 'bought' || auto.status === 'waiting') return;
  const wait = async (reason: string, waitKind: 'wallet_short' | null = null) => {
    await rules.moveAutoOrder(ctx.db, orderId, ['queued', 'buying'], { status: 'waiting', reason: reason.slice(0, 500), waitKind }, ctx.clock.now());
  };
  const caller = ownerCaller(auto.userId);
  const rule = await rules.findRule(ctx.db, auto.connectionId);
  if (!rule?.autoPurchase) return wait('La compra automática está apagada para esta tienda.');
  if (await ports.purchasesBlocked(auto.userId)) return wait('Las compras de tu cuenta están bloqueadas; escríbenos para revisarlo.');
  const order = await getStoreOrder(ctx, caller, orderId);

  if (auto.status === 'queued') {
    if (order.shipments.length > 0) return wait('El pedido ya tiene un envío: revisa su guía.');
    const blocking = order.problems.filter((p) => p.blocking);
    if (blocking.length > 0) return wait(`La dirección necesita tu revisión: ${blocking.map((p) => p.message).join(' ')}`);
    const now = ctx.clock.now();
    const day = mexicoCityTime(now).date;
    // The day's slot is taken under the rule's lock: two processes cannot both take the last one.
    const claimed = await ctx.db.transaction(async (tx) => {
      const locked = await rules.lockRule(tx, auto.connectionId);
      if (!locked?.autoPurchase) return false;
      if ((await rules.countPurchasesOn(tx, auto.connectionId, day)) >= locked.dailyLimit) {
        await rules.moveAutoOrder(
          tx,
          orderId,
          ['queued'],
          {
            status: 'waiting',
            reason: `Se alcanzó el límite de ${locked.dailyLimit} guías automáticas por día de esta tienda: se comprará sola mañana, o genérala tú.`,
            waitKind: 'daily_limit',
            day,
          },
          now,
        );
        return false;
      }
      return rules.moveAutoOrder(tx, orderId, ['queued'], { status: 'buying', day }, now);
    });
    if (!claimed) return;
  }

  // 'buying' is this job's (or a retry of it): the shipment is created once, then paid.
  let shipmentId = (await rules.findAutoOrder(ctx.db, orderId))?.shipmentId ?? null;
  if (!shipmentId) {
    const plan = await planShipment(ctx, ports, rule, order, caller);
    if ('reason' in plan) return wait(plan.reason);
    shipmentId = await ports.createShipment(caller, plan.body, async (tx, id) => {
      if (!(await rules.attachShipment(tx, orderId, id, ctx.clock.now()))) throw new Error('El pedido ya tiene su envío automático.');
    });
  } else if ((await getStoreOrder(ctx, caller, orderId)).shipments.some((s) => s._id === shipmentId && s.status)) {
    await rules.moveAutoOrder(ctx.db, orderId, ['buying'], { status: 'bought', reason: null }, ctx.clock.now());
    return;
  }
  try {
    await ports.payWithWallet(caller, [shipmentId]);
  } catch (error) {
    if (error instanceof AppError && error.code === walletErrorCodes.insufficientBalance) {
      return wait(`La guía quedó creada sin pagar: ${error.message} Se pagará sola cuando abones a tu monedero.`, 'wallet_short');
    }
    if (error instanceof AppError && error.statusCode < 500) return wait(`La guía quedó creada sin pagar: ${error.message}`);
    throw error;
  }
  await rules.moveAutoOrder(ctx.db, orderId, ['buying'], { status: 'bought', reason: null }, ctx.clock.now());
}

/**
 * Takes a waiting order back (one conditional update: whoever moves it runs it) and runs it now,
 * so that the orders go in order of arrival. Its own job is queued in the same transaction for
 * later, in case this process stops before the run ends (it then finds the order done and ends).
 */
async function resume(ctx: Ctx, ports: AutoShipPorts, orderId: string, kind: 'wallet_short' | 'daily_limit', runKey: string): Promise<void> {
  const now = ctx.clock.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    if (!(await rules.resumeWaiting(tx, orderId, kind, kind === 'wallet_short' ? 'buying' : 'queued', now))) return false;
    await ctx.jobs.enqueue<AutoShipPayload>(
      {
        type: JOB.autoShip,
        key: `${JOB.autoShip}:${orderId}:${runKey}`,
        payload: { orderId },
        runAt: new Date(now.getTime() + RESUME_AFTER_MS),
        maxAttempts: 5,
      },
      tx,
    );
    return true;
  });
  if (claimed) await runAutoShip(ctx, ports, orderId);
}

/** Whether a credit to this account has orders to pay (the subscriber's job exists only then). */
export const hasWalletShort = (ex: Executor, userId: string) => rules.hasWalletShort(ex, userId);

/**
 * After a credit to the account's wallet (`wallet.credited`, event `eventId`): each order waiting
 * for money is paid once more, in order of arrival; one still short waits again for the next credit.
 */
export async function retryWalletShort(ctx: Ctx, ports: AutoShipPorts, userId: string, eventId: string): Promise<void> {
  for (const orderId of await rules.walletShortOrders(ctx.db, userId)) {
    await resume(ctx, ports, orderId, 'wallet_short', `credit:${eventId}`);
  }
}

/** The day's carry-over (Mexico City `day`): orders held by a daily limit on an earlier day go again, in order of arrival. */
export async function carryOverHeld(ctx: Ctx, ports: AutoShipPorts, day: string): Promise<void> {
  // An order held again gets today's date, so the list only shrinks.
  for (let ids = await rules.heldBefore(ctx.db, day, 100); ids.length > 0; ids = await rules.heldBefore(ctx.db, day, 100)) {
    for (const orderId of ids) await resume(ctx, ports, orderId, 'daily_limit', `day:${day}`);
  }
}
