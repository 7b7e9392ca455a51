import { z } from 'zod';
import { shipmentAddressResponseSchema } from './addresses.js';
import { PACKAGE_TYPES, shippingOptionSchema } from './quotes.js';
import { insuranceInformationSchema } from './shipment-inputs.js';

/** One shipment as the API answers it: its frozen price, its parcels, its guide and the overweight owed. */

// ---------------------------------------------------------------- the shipment

/** The price snapshot frozen at creation (or at the last re-quote): what is charged and why. */
export const selectedServiceSchema = shippingOptionSchema
  .pick({
    service_id: true,
    carrier: true,
    carrier_code: true,
    carrier_service_name: true,
    carrier_logo_url: true,
    carrier_logo_url_svg: true,
    net_total_amount: true,
    currency: true,
    date: true,
    estimated_delivery: true,
    total_transit_days: true,
    transit_text: true,
    is_remote: true,
    billable_weight_kg: true,
    source: true,
    services: true,
  })
  .extend({
    /** MXN for this shipment (its guide); earlier overweight is charged at payment, not here. */
    total_amount: z.number(),
    quoted_at: z.iso.datetime(),
  });
export type SelectedServiceSnapshot = z.infer<typeof selectedServiceSchema>;

export const parcelResponseSchema = z.object({
  height: z.number(),
  width: z.number(),
  depth: z.number(),
  weight: z.number(),
  /** height × width × depth / 5000, kg, two decimals. */
  volumetric_weight: z.number(),
});

/** A shipment, as the API answers it. */
export const shipmentSchema = z.object({
  _id: z.uuid(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  numberOfOrder: z.number().int(),
  user: z.uuid(),
  customer_info: z.object({ first_names: z.string(), last_names: z.string(), email: z.string() }),
  origin_direction: shipmentAddressResponseSchema,
  destination_direction: shipmentAddressResponseSchema,
  selected_service: selectedServiceSchema,
  shipment_type: z.enum(PACKAGE_TYPES),
  parcels: z.array(parcelResponseSchema),
  description_of_the_content: z.string(),
  package_insurance: z.boolean(),
  insurance_information: insuranceInformationSchema.nullable(),
  shipment_ecommerce: z.object({ order_id: z.string(), ecommerce_type: z.string() }).nullable(),
  local_pickup: z.boolean(),
  /** true = paid. */
  status: z.boolean(),
  paid_at: z.iso.datetime().nullable(),
  /** Where the label lives once issued (`/api/v1/shipments/{id}/label`), else null. */
  guide: z.string().nullable(),
  number_guide: z.string().nullable(),
  reference: z.string().nullable(),
  /** Kilos over what was declared, as the carrier measured (admin), and its cost in MXN. */
  overweight: z.number().nullable(),
  cost_overweight: z.number().nullable(),
  overweight_paid: z.boolean(),
  /** Spanish headline of the latest tracking status, or null before any. */
  tracking_status: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** `POST /api/v1/shipments`, `/shipments/home`: the first id (spec: `_id`) and every shipment created. */
export const createShipmentResponseSchema = z.object({
  _id: z.uuid(),
  shipments: z.array(shipmentSchema),
});

/** `GET /api/v1/status/guide/{id}` (`messge` is spelled as existing clients read it). */
export const guideStatusSchema = z.object({ number_guide: z.string().nullable(), messge: z.string() });
export type GuideStatus = z.infer<typeof guideStatusSchema>;

/** `GET /api/v1/parcels/{id}`: a shipment's parcels with their volumetric weight. */
export const shipmentParcelsResponseSchema = z.object({
  _id: z.uuid(),
  shipment_type: z.enum(PACKAGE_TYPES),
  parcels: z.array(parcelResponseSchema),
});

// ---------------------------------------------------------------- overweight owed

/** `GET /api/v1/shipments/all/{userId}/overweight`: unpaid overweight of paid shipments. */
export const overweightOwedSchema = z.object({
  docs: z.array(
    z.object({
      _id: z.uuid(),
      numberOfOrder: z.number().int(),
      number_guide: z.string().nullable(),
      overweight: z.number(),
      cost_overweight: z.number(),
    }),
  ),
  /** MXN, the sum of `cost_overweight`, added once to the next purchase. */
  total_cost_overweight: z.number(),
});
export type OverweightOwed = z.infer<typeof overweightOwedSchema>;

/** Volumetric weight shown in the detail, two decimals. */
export function volumetricWeightRounded(p: { height: number; width: number; depth: number }): number {
  return Math.round(((p.height * p.width * p.depth) / 5000) * 100) / 100;
}
