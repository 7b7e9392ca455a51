import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  demoAuthorizeInputSchema,
  demoAuthorizeResponseSchema,
  demoOAuthAuthorizeInputSchema,
  demoOrderInputSchema,
  demoOrderSchema,
  demoStoreSchema,
  oauthPlatformParamsSchema,
  shopifyTokenInputSchema,
  storeAuthorizeInputSchema,
  storeAuthorizeResponseSchema,
  storeCallbackQuerySchema,
  storeConnectionSchema,
  storeIdParamsSchema,
  storeListSchema,
  storeOrderDetailSchema,
  storeOrderIdParamsSchema,
  storeOrderPageSchema,
  storeOrderQuerySchema,
  storeRuleInputSchema,
  storeRuleSchema,
  storeSyncResponseSchema,
  storeUserParamsSchema,
  updateStoreSchema,
  wooKeysCallbackSchema,
  wooOauthInputSchema,
  wooOauthResponseSchema,
  wooStatusInputSchema,
  wooStatusResponseSchema,
  wooStatusUpdateResponseSchema,
  wooStatusUpdateSchema,
} from '@envios/contracts/integrations';
import type { Integrations } from './integrations.usecases.js';

const tags = ['integraciones'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };

/** Integraciones (`/woocommerce/oauth`, `/status/woocommerce`), the E-Commerce tab, the demo store. */
export const integrationsRoutes: FastifyPluginAsyncZod<{ integrations: Integrations }> = async (app, { integrations }) => {
  app.post(
    '/api/v1/woocommerce/oauth',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Inicia la conexión de una tienda WooCommerce: responde url_auth, la página de autorización de la tienda (/wc-auth/v1/authorize, scope read_write) ' +
          'con un user_id opaco y firmado, return_url a /integrations y callback_url https. user_id del cuerpo debe ser quien llama (admin: cualquiera).',
        body: wooOauthInputSchema,
        response: { 200: wooOauthResponseSchema, ...signedIn, 404: e, 429: e },
      },
    },
    async (request) => integrations.startHandshake(request.caller!, request.body),
  );

  app.post(
    '/api/v1/status/woocommerce',
    {
      config: { guard: 'user', readOnly: true },
      schema: {
        tags,
        summary: 'Si la cuenta tiene una tienda conectada (el interruptor) y su nombre; user_id debe ser quien llama (admin: cualquiera)',
        body: wooStatusInputSchema,
        response: { 200: wooStatusResponseSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.status(request.caller!, request.body.user_id);
    },
  );

  app.put(
    '/api/v1/status/woocommerce/:userId',
    {
      config: { guard: 'self' },
      schema: {
        tags,
        summary:
          'Desconecta (status=false) las tiendas WooCommerce de la cuenta, o solo connection_id: borra nuestras llaves al instante y un trabajo quita nuestros webhooks de la tienda',
        params: storeUserParamsSchema,
        body: wooStatusUpdateSchema,
        response: { 200: wooStatusUpdateResponseSchema, ...signedIn, 404: e },
      },
    },
    async (request) => integrations.disconnect(request.params.userId, request.body),
  );

  app.get(
    '/api/v1/woocommerce/stores/:userId',
    {
      config: { guard: 'self' },
      schema: {
        tags,
        summary: 'Las tiendas conectadas de la cuenta con su salud: último pedido, último aviso y sincronización, fallas de 24 h con su motivo',
        params: storeUserParamsSchema,
        response: { 200: storeListSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.listStores(request.params.userId);
    },
  );

  app.patch(
    '/api/v1/woocommerce/stores/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Ajustes de una tienda propia (admin: cualquiera): complete_on_delivery marca el pedido como completado al entregarse',
        params: storeIdParamsSchema,
        body: updateStoreSchema,
        response: { 200: storeConnectionSchema, ...signedIn, 404: e },
      },
    },
    async (request) => integrations.updateStore(request.caller!, request.params.id, request.body),
  );

  app.post(
    '/api/v1/woocommerce/stores/:id/sync',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Sincroniza ahora los pedidos en proceso de una tienda propia (un trabajo; como máximo uno por minuto)',
        params: storeIdParamsSchema,
        response: { 200: storeSyncResponseSchema, ...signedIn, 404: e },
      },
    },
    async (request) => integrations.syncNow(request.caller!, request.params.id),
  );

  app.get(
    '/api/v1/marketplace/shipments/:userId',
    {
      config: { guard: 'self' },
      schema: {
        tags,
        summary:
          'La pestaña E-Commerce: pedidos de las tiendas de la cuenta (en proceso, en espera o completados), el más reciente primero, con sus envíos y guías; ' +
          '?filter= busca en el nombre (más de 2 caracteres); páginas de 10',
        params: storeUserParamsSchema,
        querystring: storeOrderQuerySchema,
        response: { 200: storeOrderPageSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.listOrders(request.params.userId, request.query);
    },
  );

  app.get(
    '/api/v1/marketplace/orders/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Un pedido propio con lo que «Generar Guia» precarga: destino según nuestras reglas, problemas, contenido y paquete',
        params: storeOrderIdParamsSchema,
        response: { 200: storeOrderDetailSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.getOrder(request.caller!, request.params.id);
    },
  );

  app.post(
    '/api/v1/webhooks/woocommerce/keys',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['webhooks'],
        summary:
          'callback_url del handshake de WooCommerce (servidor a servidor): guarda el par de llaves cifrado y responde 200 una sola vez por autorización; ' +
          'una repetición, un user_id falso o vencido, o permisos sin escritura se rechazan (WooCommerce borra esas llaves)',
        body: wooKeysCallbackSchema,
        response: { 200: z.object({ received: z.literal(true) }), 400: e, 409: e },
      },
    },
    async (request) => {
      await integrations.receiveKeys(request.body);
      return { received: true as const };
    },
  );

  app.get(
    '/api/v1/demo-store/:platform',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'La tienda demo de Shopify o de Tiendanube de la cuenta (simulada, sin ventas reales): pedidos con su envío y rastreo',
        params: oauthPlatformParamsSchema,
        response: { 200: demoStoreSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.platformDemo.view(request.caller!, request.params.platform);
    },
  );

  app.post(
    '/api/v1/demo-store/:platform/orders',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Un cliente ficticio paga un pedido en la tienda demo de Shopify o de Tiendanube; sus avisos firmados llegan a Envíos MX en segundos',
        params: oauthPlatformParamsSchema,
        body: demoOrderInputSchema,
        response: { 201: demoOrderSchema, ...signedIn, 429: e },
      },
    },
    async (request, reply) => reply.status(201).send(await integrations.platformDemo.placeOrder(request.caller!, request.params.platform, request.body.kind)),
  );

  app.post(
    '/api/v1/demo-store/:platform/authorize',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'La página de consentimiento de la tienda demo de Shopify o de Tiendanube: aprobar regresa a nuestro callback con el código (Shopify además con hmac), ' +
          'como la plataforma; denegar no conecta nada',
        params: oauthPlatformParamsSchema,
        body: demoOAuthAuthorizeInputSchema,
        response: { 200: demoAuthorizeResponseSchema, ...signedIn },
      },
    },
    async (request) => integrations.platformDemo.authorize(request.caller!, request.params.platform, request.body),
  );

  // ------------------------------------------------------------ the store's shipping rule

  app.get(
    '/api/v1/stores/:id/rule',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'La regla de envío de una tienda propia (admin: cualquiera): origen, paquete, paquetería con precio máximo, compra automática con límite diario y guías compradas hoy',
        params: storeIdParamsSchema,
        response: { 200: storeRuleSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.getRule(request.caller!, request.params.id);
    },
  );

  app.put(
    '/api/v1/stores/:id/rule',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Guarda la regla de envío de una tienda propia: dirección de origen y paquete guardados de la cuenta, la más barata / la más rápida / un servicio, precio máximo; ' +
          'con auto_purchase los pedidos pagados se vuelven guías pagadas del monedero solos (como máximo daily_limit al día); lo que la regla no puede decidir espera con su motivo',
        params: storeIdParamsSchema,
        body: storeRuleInputSchema,
        response: { 200: storeRuleSchema, ...signedIn, 404: e },
      },
    },
    async (request) => integrations.saveRule(request.caller!, request.params.id, request.body),
  );

  // ------------------------------------------------------------ installs by OAuth, pasted tokens

  app.post(
    '/api/v1/stores/:platform/authorize',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Inicia la instalación de una tienda Shopify o Tiendanube (código de autorización): responde url_auth, la página de consentimiento de la plataforma con un state ' +
          'firmado de un solo uso. Shopify pide shop (dominio .myshopify.com); sandbox=true usa la tienda demo de la plataforma. Como máximo 10 por cuenta y hora.',
        params: oauthPlatformParamsSchema,
        body: storeAuthorizeInputSchema,
        response: { 200: storeAuthorizeResponseSchema, ...signedIn, 404: e, 429: e },
      },
    },
    async (request) => integrations.startOAuth(request.caller!, request.params.platform, request.body),
  );

  app.get(
    '/api/v1/stores/:platform/callback',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Regreso del navegador desde la plataforma: revisa la firma de la plataforma (Shopify: hmac) y el state (de esta cuenta, una vez, una hora) antes que nada, ' +
          'canjea el código y guarda el token cifrado; redirige a /integrations?tienda=conectada|rechazada|invalida|error',
        params: oauthPlatformParamsSchema,
        querystring: storeCallbackQuerySchema,
        response: { 302: z.null(), ...signedIn },
      },
    },
    async (request, reply) => {
      const { redirect } = await integrations.finishOAuth(request.caller!, request.params.platform, request.query);
      return reply.redirect(redirect, 302);
    },
  );

  app.post(
    '/api/v1/stores/shopify/token',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary:
          'Conecta una tienda Shopify con una aplicación personalizada creada en su propio panel: dominio .myshopify.com, token de la API de administración (shpat_…) ' +
          'y clave secreta de la API (firma sus avisos). El token se prueba con la tienda antes de guardarlo cifrado.',
        body: shopifyTokenInputSchema,
        response: { 200: z.object({ _id: z.uuid() }), ...signedIn, 429: e },
      },
    },
    async (request) => integrations.pasteShopifyToken(request.caller!, request.body),
  );

  // ------------------------------------------------------------ the demo store

  app.get(
    '/api/v1/demo-store',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'La tienda demo de la cuenta (simulada, sin ventas reales): pedidos con sus notas y rastreo',
        response: { 200: demoStoreSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return integrations.demo.view(request.caller!);
    },
  );

  app.post(
    '/api/v1/demo-store/orders',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Un cliente ficticio compra en la tienda demo; su aviso (webhook firmado) llega a Envíos MX en segundos',
        body: demoOrderInputSchema,
        response: { 201: demoOrderSchema, ...signedIn, 429: e },
      },
    },
    async (request, reply) => reply.status(201).send(await integrations.demo.placeOrder(request.caller!, request.body.kind)),
  );

  app.post(
    '/api/v1/demo-store/authorize',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'La página de autorización de la tienda demo: aprobar entrega las llaves a Envíos MX (como WooCommerce); denegar vuelve con success=0',
        body: demoAuthorizeInputSchema,
        response: { 200: demoAuthorizeResponseSchema, ...signedIn },
      },
    },
    async (request) => integrations.demo.authorize(request.caller!, request.body),
  );
};

/**
 * Order webhooks: the body stays the raw bytes WooCommerce signed (this plugin's own parser,
 * scoped to it, never re-serializes); the ping arrives form-encoded.
 */
export const integrationsWebhookRoutes: FastifyPluginAsyncZod<{ integrations: Integrations }> = async (app, { integrations }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/api/v1/webhooks/:platform/app',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['webhooks'],
        summary:
          'Avisos que una plataforma manda a la aplicación y no a una tienda (Shopify: customers/data_request, customers/redact, shop/redact): firmados con el secreto ' +
          'de la aplicación; borran los datos del cliente o de la tienda que nombran.',
        params: z.object({ platform: z.string().max(20) }),
        response: {
          200: z.object({
            received: z.literal(true),
            action: z.enum(['ping', 'created', 'updated', 'unchanged', 'ignored', 'queued', 'uninstalled', 'redacted']),
          }),
          400: e,
          401: e,
          404: e,
        },
      },
    },
    async (request) =>
      integrations.receiveAppWebhook({
        platform: request.params.platform,
        headers: request.headers,
        raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      }),
  );

  app.post(
    '/api/v1/webhooks/:platform/:connectionId',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['webhooks'],
        summary:
          'Avisos de pedidos de una tienda conectada, por plataforma: la firma de la plataforma (WooCommerce: X-WC-Webhook-Signature; Shopify: X-Shopify-Hmac-Sha256, ' +
          'ambas HMAC-SHA256 en base64 del cuerpo crudo; Tiendanube: x-linkedstore-hmac-sha256 en hexadecimal) se verifica antes que nada; el ping de creación de ' +
          'WooCommerce (webhook_id=N) responde 200. Cada pedido se guarda una vez por tienda y número, las actualizaciones se combinan y una entrega repetida no escribe nada.',
        params: z.object({ platform: z.string().max(20), connectionId: z.string().max(64) }),
        response: {
          200: z.object({
            received: z.literal(true),
            action: z.enum(['ping', 'created', 'updated', 'unchanged', 'ignored', 'queued', 'uninstalled', 'redacted']),
          }),
          400: e,
          401: e,
          404: e,
        },
      },
    },
    async (request) =>
      integrations.receiveWebhook({
        platform: request.params.platform,
        connectionId: request.params.connectionId,
        headers: request.headers,
        raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      }),
  );
};
