import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createWebhookEndpointSchema } from '@envios/contracts/developers';
import { EVENT_TYPES, eventDataSchemas } from '@envios/contracts/events';
import { payManyInputSchema, payWithWalletInputSchema } from '@envios/contracts/payments';
import { quoteRequestSchema } from '@envios/contracts/quotes';
import { createManyShipmentsSchema, createShipmentSchema } from '@envios/contracts/shipments';
import { trackingInputSchema } from '@envios/contracts/tracking';
import { topUpInputSchema } from '@envios/contracts/wallet';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { API_TASKS, DOCUMENTED_OPERATIONS } from './openapi-guide.js';

/*
 * The OpenAPI document teaches: the tasks of a purchase come first, each documented operation sits
 * under its task with a description and an example that the route's own contract accepts, and
 * every event has a schema with an example.
 */

interface Operation {
  tags?: string[];
  description?: string;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
interface Document {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { example: { type: string; data: unknown }; properties: Record<string, unknown> }> };
}

const contracts: Record<string, z.ZodType> = {
  'POST /api/v1/quoting': quoteRequestSchema,
  'POST /api/v1/shipments': createShipmentSchema,
  'POST /api/v1/shipments/home/all': createManyShipmentsSchema,
  'POST /api/v1/payments/many/monedero': payWithWalletInputSchema,
  'POST /api/v1/payments/many/paypal': payManyInputSchema,
  'POST /api/v1/prepaid': topUpInputSchema,
  'POST /api/v1/tracking': trackingInputSchema,
  'POST /api/v1/developers/webhooks': createWebhookEndpointSchema,
};

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('groups by task in the order of a purchase', () => {
    expect(doc.tags.slice(0, 6).map((tag) => tag.name)).toEqual(['cotizar', 'crear', 'pagar', 'etiquetas', 'rastrear', 'webhooks']);
    expect(doc.tags.every((tag) => tag.description.length > 40)).toBe(true);
    expect(doc.tags.find((tag) => tag.name === 'webhooks')!.description).toContain('verificarFirma');
  });

  it('puts each documented operation under its task, with its description and a valid example', () => {
    for (const [key, op] of Object.entries(DOCUMENTED_OPERATIONS)) {
      const [method, url] = key.split(' ') as [string, string];
      const found = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(found, key).toBeDefined();
      expect(found!.tags, key).toEqual([op.task]);
      expect(API_TASKS.map((task) => task.name)).toContain(op.task);
      expect(found!.description, key).toBe(op.description);
      if (op.requestExample !== undefined) {
        expect(found!.requestBody!.content['application/json']!.example, key).toEqual(op.requestExample);
        const contract = contracts[key];
        expect(contract, `${key} needs its contract here`).toBeDefined();
        const parsed = contract!.safeParse(op.requestExample);
        expect(parsed.success, `${key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      if (op.responseExample) {
        expect(found!.responses[String(op.responseExample.status)]!.content!['application/json']!.example, key).toEqual(op.responseExample.value);
      }
    }
    // Every task has at least one operation.
    for (const task of API_TASKS)
      expect(
        Object.values(DOCUMENTED_OPERATIONS).some((op) => op.task === task.name),
        task.name,
      ).toBe(true);
  });

  it('describes every event with a schema and an example its contract accepts', () => {
    for (const type of EVENT_TYPES) {
      const component = doc.components.schemas[`Evento.${type}`];
      expect(component, type).toBeDefined();
      expect(component!.properties.data).toBeTypeOf('object');
      expect(component!.example.type).toBe(type);
      expect(eventDataSchemas[type].safeParse(component!.example.data).success, type).toBe(true);
    }
  });
});
