import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@envios/contracts/errors';
import {
  EXPORT_ESTIMATED_BYTES_HEADER,
  EXPORT_FORMATS,
  EXPORT_ROWS_HEADER,
  periodExportQuerySchema,
  periodQuerySchema,
  reportPageSchema,
} from '@envios/contracts/reports';
import { memoizedSerializerCompiler } from '../../shared/fast-serializer.js';
import type { Reports } from './reports.usecases.js';

const tags = ['reportes'];
const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e };

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The admin's general report ('Reporte General') and its exports. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: Reports }> = async (app, { reports }) => {
  app.get(
    '/api/v1/shipments/period',
    {
      config: { guard: 'admin' },
      schema: {
        tags,
        summary:
          'Reporte general (admin): los envíos de todos los clientes, del más reciente al más antiguo. date_ini y date_fin son días de la Ciudad de México (inclusive; ' +
          'ni futuros ni al revés), service un servicio del catálogo, status paid/unpaid (o true/false), filter busca en cliente, correo, destinatario, guía, referencia o folio; ' +
          'limit (10) y page. Con limit mayor a 1,000 la respuesta se escribe mientras se lee.',
        querystring: periodQuerySchema,
        response: { 200: reportPageSchema, ...errors },
      },
      // Pages are kept while nothing changes: each is written to JSON once.
      serializerCompiler: memoizedSerializerCompiler,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const answer = await reports.period(request.query);
      // A stream is sent as is (Fastify never serialises streams): the same JSON shape, written while it is read.
      if ('stream' in answer) return reply.type('application/json; charset=utf-8').send(answer.stream as never);
      return answer.page;
    },
  );

  for (const format of EXPORT_FORMATS) {
    app.get(
      `/api/v1/reports/shipments.${format}`,
      {
        config: { guard: 'admin' },
        schema: {
          tags,
          summary:
            `Exporta el reporte general con los mismos filtros como shipments.${format} (hasta 100,000 filas; más responde 400 con cuántas son), ` +
            `escrito desde un cursor de la base mientras se descarga. ${format === 'xlsx' ? 'Fechas como fechas y montos como números en MXN.' : 'UTF-8 con BOM, separado por comas.'} ` +
            'Las cabeceras x-export-rows y x-export-estimated-bytes permiten mostrar el avance.',
          querystring: periodExportQuerySchema,
          response: { 200: z.any().describe(`${CONTENT_TYPES[format]} (binario, en flujo)`), ...errors },
        },
      },
      async (request, reply) => {
        const file = await reports.exportShipments(request.query, format);
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .header(EXPORT_ROWS_HEADER, String(file.rows))
          .header(EXPORT_ESTIMATED_BYTES_HEADER, String(file.estimatedBytes))
          .send(file.stream);
      },
    );
  }
};
