import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserFromDashboardInputSchema,
  messageResponseSchema,
  passwordRecoveryInputSchema,
  passwordResetInputSchema,
  passwordResetParamsSchema,
  signInInputSchema,
  signInResponseSchema,
  signUpInputSchema,
  signUpResponseSchema,
  updateUserInputSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userSchema,
} from '@envios/contracts/accounts';
import { apiErrorSchema } from '@envios/contracts/errors';
import { clearSessionCookie, requestToken, setSessionCookie } from '../../plugins/auth.js';
import type { Accounts } from './accounts.usecases.js';

const tags = ['cuentas'];
const e = apiErrorSchema;
const signedIn = { 401: e, 403: e };

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: Accounts }> = async (app, { accounts }) => {
  app.post(
    '/api/v1/users',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'Registro: crea una cuenta inactiva (rol user, aunque el cuerpo diga otra cosa) que un admin debe aprobar',
        body: signUpInputSchema,
        response: { 201: signUpResponseSchema, 400: e, 409: e, 429: e },
      },
    },
    async (request, reply) => {
      const created = await accounts.signUp(request.body, { ip: request.ip });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/v1/login',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'Inicio de sesión: responde { id, token } y deja la misma sesión en una cookie httpOnly; la sesión dura 30 días',
        body: signInInputSchema,
        response: { 200: signInResponseSchema, 400: e, 403: e, 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const session = await accounts.signIn(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      setSessionCookie(reply, session.token, session.expiresAt, accounts.secureCookie);
      void reply.header('cache-control', 'no-store');
      return { id: session.id, token: session.token };
    },
  );

  app.post(
    '/api/v1/logout',
    {
      config: { guard: 'public', sessionWrite: true },
      schema: {
        tags,
        summary: 'Cierra la sesión: revoca el token (cabecera o cookie) y borra la cookie',
        response: { 204: z.void(), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = requestToken(request);
      if (token) await accounts.signOut(token);
      clearSessionCookie(reply, accounts.secureCookie);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/me',
    {
      config: { guard: 'user' },
      schema: { tags, summary: 'La cuenta de la sesión actual', response: { 200: userSchema, ...signedIn } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return accounts.getUser(request.caller!.id);
    },
  );

  app.post(
    '/api/v1/password-recovery',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'Envía por correo un enlace de un solo uso (vence en 1 hora) para elegir una nueva contraseña',
        body: passwordRecoveryInputSchema,
        response: { 200: messageResponseSchema, 400: e, 404: e, 429: e },
      },
    },
    async (request) => {
      const { sent } = await accounts.requestPasswordRecovery(request.body, { ip: request.ip });
      return {
        message: sent
          ? 'Te enviamos un correo con el enlace para configurar tu nueva contraseña.'
          : 'Ya te enviamos varios enlaces en la última hora y siguen vigentes: usa el más reciente de tu correo (revisa también la carpeta de spam).',
      };
    },
  );

  app.post(
    '/api/v1/password-recovery/:token',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'Usa el enlace de recuperación: fija la nueva contraseña y cierra todas las sesiones de la cuenta',
        params: passwordResetParamsSchema,
        body: passwordResetInputSchema,
        response: { 200: messageResponseSchema, 400: e },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.params.token, request.body.password);
      return { message: 'Tu contraseña se actualizó. Ya puedes iniciar sesión.' };
    },
  );

  app.get(
    '/api/v1/users',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Usuarios (admin): filtro por nombre, apellidos, correo o teléfono; páginas de 10',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, 400: e, ...signedIn },
      },
    },
    async (request) => accounts.listUsers(request.query),
  );

  app.post(
    '/api/v1/users/createFromDashboard',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Crea una cuenta desde el panel (admin): rol user, activa desde el inicio',
        body: createUserFromDashboardInputSchema,
        response: { 201: userSchema, 400: e, 409: e, ...signedIn },
      },
    },
    async (request, reply) => reply.status(201).send(await accounts.createUserFromDashboard(request.body)),
  );

  app.get(
    '/api/v1/users/:id',
    {
      config: { guard: 'self', ownerParam: 'id' },
      schema: {
        tags,
        summary: 'Una cuenta: la propia, o cualquiera para un admin',
        params: userIdParamsSchema,
        response: { 200: userSchema, 400: e, 404: e, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return accounts.getUser(request.params.id);
    },
  );

  app.put(
    '/api/v1/users/:id',
    {
      config: { guard: 'self', ownerParam: 'id', sessionOnly: true },
      schema: {
        tags,
        summary:
          'Actualiza una cuenta con una de las variantes: { firstName, lastName, website }, { password, currentPassword }, { taxInformation }, { invoice }; { active } y { locked } solo admin',
        params: userIdParamsSchema,
        body: updateUserInputSchema,
        response: { 200: userSchema, 400: e, 404: e, 409: e, ...signedIn },
      },
    },
    async (request) => accounts.updateUser(request.caller!, request.params.id, request.body),
  );
};
