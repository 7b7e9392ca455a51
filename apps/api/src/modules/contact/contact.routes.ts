import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  contactIdParamsSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactMessageDetailSchema,
  contactMessages,
  contactReceivedSchema,
  contactReplyInputSchema,
  contactStatusInputSchema,
} from '@envios/contracts/contact';
import type { Contact } from './contact.usecases.js';

const tags = ['contacto'];
const e = apiErrorSchema;
const adminErrors = { 400: e, 401: e, 403: e };

/** The contact form and the admins' 'Mensajes' inbox. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: Contact }> = async (app, { contact }) => {
  app.post(
    '/api/v1/contact',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary:
          'Envía un mensaje desde «Ponte en contacto con nosotros»: se guarda, llega por correo a soporte y el remitente recibe un acuse. ' +
          'Todos los campos son obligatorios salvo number_shipment (envíos al mes). Límite por dirección IP y por hora (CONTACT_MESSAGES_PER_HOUR).',
        body: contactInputSchema,
        response: { 201: contactReceivedSchema, 400: e, 429: e },
      },
    },
    async (request, reply) => {
      const caller = await request.identify();
      await contact.receiveContactMessage(request.body, { ip: request.ip, userId: caller?.id ?? null });
      return reply.status(201).send({ message: contactMessages.received });
    },
  );

  app.get(
    '/api/v1/contact/messages',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Mensajes de contacto, el más reciente primero (admin); ?status= open, answered, closed o all; ?search= en nombre, empresa, correo o texto',
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return contact.listContactMessages(request.query);
    },
  );

  app.get(
    '/api/v1/contact/messages/:id',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Un mensaje de contacto con sus respuestas (admin)',
        params: contactIdParamsSchema,
        response: { 200: contactMessageDetailSchema, ...adminErrors, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return contact.getContactMessage(request.params.id);
    },
  );

  app.post(
    '/api/v1/contact/messages/:id/replies',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Responde un mensaje por correo (admin): la respuesta se guarda, se envía al remitente y el mensaje queda «Respondido»',
        params: contactIdParamsSchema,
        body: contactReplyInputSchema,
        response: { 201: contactMessageDetailSchema, ...adminErrors, 404: e, 409: e },
      },
    },
    async (request, reply) => reply.status(201).send(await contact.replyToContactMessage(request.caller!, request.params.id, request.body.message)),
  );

  app.patch(
    '/api/v1/contact/messages/:id',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary: 'Cierra un mensaje (no necesita respuesta) o lo abre de nuevo (admin)',
        params: contactIdParamsSchema,
        body: contactStatusInputSchema,
        response: { 200: contactMessageDetailSchema, ...adminErrors, 404: e },
      },
    },
    async (request) => contact.setContactStatus(request.params.id, request.body.status),
  );
};
