import { errorCodes } from '@envios/contracts/errors';
import { integrationErrorCodes } from '@envios/contracts/integrations';
import { AppError } from '../../shared/errors.js';

export const integrationErrors = {
  notFound: () => new AppError(404, integrationErrorCodes.notFound, 'La tienda no existe.'),
  orderNotFound: () => new AppError(404, integrationErrorCodes.orderNotFound, 'El pedido no existe.'),
  notYours: () => new AppError(403, errorCodes.forbidden, 'Solo puedes usar las tiendas de tu propia cuenta.'),
  userMismatch: () =>
    new AppError(403, errorCodes.forbidden, 'Solo puedes conectar tiendas a tu propia cuenta.', [
      { path: 'user_id', message: 'Solo puedes conectar tiendas a tu propia cuenta.' },
    ]),
  accountNotFound: () => new AppError(404, errorCodes.notFound, 'La cuenta no existe.', [{ path: 'user_id', message: 'La cuenta no existe.' }]),
  /** WooCommerce only sends the keys to an https callback. */
  httpsRequired: () =>
    new AppError(
      400,
      integrationErrorCodes.httpsRequired,
      'Para conectar una tienda real, Envíos MX debe publicarse con una dirección https (APP_URL): WooCommerce solo entrega las llaves por https. Mientras tanto puedes probar con la tienda demo.',
      [{ path: 'store_url', message: 'Esta instalación no tiene https; solo puede conectarse la tienda demo.' }],
    ),
  /** The store's address is not public https, or does not answer to a name: the same sentence for every cause. */
  storeUnreachable: (reason: 'not_https' | 'unreachable') =>
    reason === 'not_https'
      ? new AppError(400, integrationErrorCodes.storeUnreachable, 'La dirección de la tienda debe usar https (por ejemplo https://mitienda.com.mx).', [
          { path: 'store_url', message: 'La dirección de la tienda debe usar https.' },
        ])
      : new AppError(
          400,
          integrationErrorCodes.storeUnreachable,
          'No pudimos comunicarnos con la tienda en esa dirección: escribe la dirección pública (https) con la que tus clientes la visitan.',
          [{ path: 'store_url', message: 'No pudimos comunicarnos con la tienda en esa dirección.' }],
        ),
  handshakeInvalid: () => new AppError(400, integrationErrorCodes.handshakeInvalid, 'La autorización de la tienda no es válida.'),
  handshakeUsed: () =>
    new AppError(
      409,
      integrationErrorCodes.handshakeUsed,
      'Ya recibimos las llaves de esta autorización; para conectar de nuevo inicia la conexión desde Integraciones.',
    ),
  handshakeExpired: () =>
    new AppError(400, integrationErrorCodes.handshakeExpired, 'La autorización de la tienda venció; inicia la conexión de nuevo desde Integraciones.'),
  wrongPermissions: () =>
    new AppError(400, errorCodes.validation, 'Necesitamos permiso de lectura y escritura (read_write) en la tienda.', [
      { path: 'key_permissions', message: 'Necesitamos permiso de lectura y escritura (read_write).' },
    ]),
  badSignature: () => new AppError(401, integrationErrorCodes.badSignature, 'La firma del aviso no es válida.'),
  badBody: (message: string) => new AppError(400, errorCodes.validation, message),
  appNotConfigured: (platform: string) =>
    new AppError(
      400,
      integrationErrorCodes.appNotConfigured,
      `Esta instalación aún no tiene su aplicación de ${platform} configurada; mientras tanto puedes probar con la tienda demo de ${platform}.`,
    ),
  noDemoStore: (platform: string) =>
    new AppError(400, errorCodes.validation, `${platform} aún no tiene tienda demo; conecta tu tienda real.`, [
      { path: 'sandbox', message: `${platform} aún no tiene tienda demo.` },
    ]),
  badShop: () =>
    new AppError(400, errorCodes.validation, 'Escribe el dominio .myshopify.com de tu tienda (por ejemplo mitienda.myshopify.com).', [
      { path: 'shop', message: 'Debe ser un dominio .myshopify.com (el dominio propio de la tienda no sirve para autorizar).' },
    ]),
  tokenRefused: (platform: string) =>
    new AppError(
      400,
      integrationErrorCodes.tokenRefused,
      `${platform} rechazó el token: revisa que lo copiaste completo y que la aplicación tenga los permisos de pedidos.`,
      [{ path: 'access_token', message: `${platform} rechazó este token.` }],
    ),
  /** The demo consent page's "Access denied", in Spanish. */
  accessDenied: (detail: string) => new AppError(400, integrationErrorCodes.accessDenied, `Acceso denegado: ${detail}`),
  /** A rule that names what is not the seller's (an address or package of another account, or gone). */
  ruleInvalid: (path: string, message: string) => new AppError(400, integrationErrorCodes.ruleInvalid, message, [{ path, message }]),
};
