import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  adminCreditInputSchema,
  topUpInputSchema,
  TOP_UP_MAX_MXN,
  walletEntryIdSchema,
  walletEntrySchema,
  walletListQuerySchema,
  walletListSchema,
  walletTotalSchema,
} from '@envios/contracts/wallet';
import type { Wallet } from './wallet.usecases.js';

const tags = ['monedero'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };
const idParams = z.object({ id: z.uuid({ error: 'El identificador del movimiento no es válido.' }) });
const userIdParams = z.object({ userId: z.uuid({ error: 'El identificador de usuario no es válido.' }) });

/** The prepaid wallet ('Monedero', /prepaid): own records only; an admin may act on anyone's. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: Wallet }> = async (app, { wallet }) => {
  app.get(
    '/api/v1/prepaid',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Movimientos del monedero, el más reciente primero (?user= de otra cuenta solo para admin); montos en MXN, negativos para cargos',
        querystring: walletListQuerySchema,
        response: { 200: walletListSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return wallet.listWallet(request.caller!, request.query);
    },
  );

  app.get(
    '/api/v1/prepaid/getTotalAmount/:userId',
    {
      config: { guard: 'self' },
      schema: {
        tags,
        summary: 'Saldo del monedero: la suma de los movimientos pagados, MXN con dos decimales',
        params: userIdParams,
        response: { 200: walletTotalSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return wallet.walletTotal(request.caller!, request.params.userId);
    },
  );

  app.post(
    '/api/v1/prepaid',
    {
      config: { guard: 'buyer', idempotent: true },
      schema: {
        tags,
        summary: `Crea un abono pendiente de pago ('Nuevo abono'); monto mayor que cero y hasta ${TOP_UP_MAX_MXN} MXN, dos decimales`,
        body: topUpInputSchema,
        response: { 200: walletEntryIdSchema, ...signedIn },
      },
    },
    async (request) => wallet.topUp(request.caller!, request.body),
  );

  app.post(
    '/api/v1/prepaid/createPrepaid',
    {
      config: { guard: 'admin', idempotent: true },
      schema: {
        tags,
        summary: "Abono de un admin al monedero de un usuario ('Abonar'), pagado de inmediato",
        body: adminCreditInputSchema,
        response: { 200: walletEntrySchema, ...signedIn },
      },
    },
    async (request) => wallet.adminCredit(request.caller!, request.body),
  );

  app.delete(
    '/api/v1/prepaid/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Elimina un abono pendiente propio (admin: cualquiera); uno pagado responde 409',
        params: idParams,
        response: { 200: walletEntrySchema, ...signedIn, 404: e, 409: e },
      },
    },
    async (request) => wallet.deletePendingTopUp(request.caller!, request.params.id),
  );
};
