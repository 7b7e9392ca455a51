import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  PARCEL_TEMPLATES_MAX,
  parcelTemplateInputSchema,
  parcelTemplateListSchema,
  parcelTemplateQuerySchema,
  parcelTemplateSchema,
} from '@envios/contracts/parcels';
import type { Parcels } from './parcels.usecases.js';

const tags = ['paquetes'];
const e = apiErrorSchema;
const signedIn = { 400: e, 401: e, 403: e };
const idParams = z.object({ id: z.uuid({ error: 'El identificador del paquete no es válido.' }) });

const example = {
  name: 'Caja mediana',
  shipment_type: 'box',
  width: 30,
  depth: 20,
  height: 15,
  weight: 2.5,
  description: 'Ropa',
  insured_value: 1500,
};

/** Package templates ('Paquetes'): each account keeps its own; an admin may act on anyone's. */
export const parcelsRoutes: FastifyPluginAsyncZod<{ parcels: Parcels }> = async (app, { parcels }) => {
  app.get(
    '/api/v1/parcel-templates',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Paquetes guardados de la cuenta, el más reciente primero (?user= de otra cuenta solo para admin)',
        querystring: parcelTemplateQuerySchema,
        response: { 200: parcelTemplateListSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return parcels.listParcelTemplates(request.caller!, request.query);
    },
  );

  app.get(
    '/api/v1/parcel-templates/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Un paquete guardado (propio; admin: cualquiera)',
        params: idParams,
        response: { 200: parcelTemplateSchema, ...signedIn, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return parcels.getParcelTemplate(request.caller!, request.params.id);
    },
  );

  app.post(
    '/api/v1/parcel-templates',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: `Guarda un paquete (nombre único por cuenta; máximo ${PARCEL_TEMPLATES_MAX}). Un sobre puede omitir sus medidas. Un admin puede guardarlo para otra cuenta con ?user=`,
        querystring: parcelTemplateQuerySchema,
        body: parcelTemplateInputSchema.meta({ examples: [example] }),
        response: { 200: parcelTemplateSchema, ...signedIn, 409: e },
      },
    },
    async (request) => parcels.createParcelTemplate(request.caller!, request.body, request.query),
  );

  app.put(
    '/api/v1/parcel-templates/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Reemplaza un paquete guardado (propio; admin: cualquiera)',
        params: idParams,
        body: parcelTemplateInputSchema.meta({ examples: [example] }),
        response: { 200: parcelTemplateSchema, ...signedIn, 404: e, 409: e },
      },
    },
    async (request) => parcels.updateParcelTemplate(request.caller!, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/parcel-templates/:id',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'Elimina un paquete guardado y responde el paquete eliminado',
        params: idParams,
        response: { 200: parcelTemplateSchema, ...signedIn, 404: e },
      },
    },
    async (request) => parcels.deleteParcelTemplate(request.caller!, request.params.id),
  );
};
