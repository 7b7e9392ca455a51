import type { ChargeLine, QuoteResponse, ShippingOption, UnavailableCarrier } from '@envios/contracts/quotes';
import { asciiBytes, asciiJsonString as str, jsonMoney as money, jsonNumber as num } from '../../shared/ascii-json.js';
import { BoundedCache } from '../../shared/bounded-cache.js';

/*
 * The quote's answer written as JSON by hand: the contract's fields in its order and nothing else
 * (an extra property on an option never leaves). It is the hottest answer of the product (every
 * visitor's quote, ~16 options, ~10 KB), and the general serializer spent more time on it than
 * pricing did. `quote-answer-json.test.ts` holds it to the contract's compiled serializer on
 * generated answers, so a field added to the schema and not here fails there.
 */

/** The part of an option that only changes with the catalogue: its service's names and logos. */
interface ServiceHead {
  carrier: string;
  carrier_code: string;
  carrier_service_name: string;
  carrier_logo_url: string;
  carrier_logo_url_svg: string;
  transit_text: string;
  /** `{"carrier":…,"carrier_logo_url_svg":…,"total_amount":` */
  json: string;
  transitJson: string;
}

/** Per service id; an entry whose names no longer match (the catalogue changed) is written again. */
const heads = new BoundedCache<string, ServiceHead>({ maxEntries: 512, ttlMs: Infinity });

function serviceHead(option: ShippingOption): ServiceHead {
  const known = heads.peek(option.service_id);
  if (
    known !== undefined &&
    known.carrier === option.carrier &&
    known.carrier_code === option.carrier_code &&
    known.carrier_service_name === option.carrier_service_name &&
    known.carrier_logo_url === option.carrier_logo_url &&
    known.carrier_logo_url_svg === option.carrier_logo_url_svg &&
    known.transit_text === option.transit_text
  ) {
    return known;
  }
  const head: ServiceHead = {
    carrier: option.carrier,
    carrier_code: option.carrier_code,
    carrier_service_name: option.carrier_service_name,
    carrier_logo_url: option.carrier_logo_url,
    carrier_logo_url_svg: option.carrier_logo_url_svg,
    transit_text: option.transit_text,
    json:
      `{"carrier":${str(option.carrier)},"carrier_code":${str(option.carrier_code)},` +
      `"carrier_service_name":${str(option.carrier_service_name)},"service_id":${str(option.service_id)},` +
      `"carrier_logo_url":${str(option.carrier_logo_url)},"carrier_logo_url_svg":${str(option.carrier_logo_url_svg)},"total_amount":`,
    transitJson: str(option.transit_text),
  };
  heads.set(option.service_id, head);
  return head;
}

function line(charge: ChargeLine): string {
  return (
    `{"code":${str(charge.code)},"service_name":${str(charge.service_name)},"price":${money(charge.price)},` +
    `"quantity":${num(charge.quantity)},"amount":${money(charge.amount)}}`
  );
}

function option(o: ShippingOption): string {
  const head = serviceHead(o);
  let json =
    `${head.json}${money(o.total_amount)},"net_total_amount":${money(o.net_total_amount)},` +
    `"price_per_guide":${o.price_per_guide === null ? 'null' : money(o.price_per_guide)},` +
    `"overweight_amount":${money(o.overweight_amount)},"guides":${num(o.guides)},"currency":${str(o.currency)},` +
    `"date":${str(o.date)},"estimated_delivery":${str(o.estimated_delivery)},"total_transit_days":${num(o.total_transit_days)},` +
    `"transit_text":${head.transitJson},"is_remote":${o.is_remote ? 'true' : 'false'},` +
    `"billable_weight_kg":${num(o.billable_weight_kg)},"source":${str(o.source)},"services":[`;
  for (let i = 0; i < o.services.length; i++) json += (i === 0 ? '' : ',') + line(o.services[i]!);
  return `${json}]}`;
}

function unavailable(carrier: UnavailableCarrier): string {
  return `{"carrier_code":${str(carrier.carrier_code)},"carrier":${str(carrier.carrier)},"reason":${str(carrier.reason)},"message":${str(carrier.message)}}`;
}

/** `POST /api/v1/quoting`'s 200 answer, as the bytes of its JSON. */
export function quoteAnswerJson(answer: QuoteResponse): Buffer {
  let json = '{"options":[';
  for (let i = 0; i < answer.options.length; i++) json += (i === 0 ? '' : ',') + option(answer.options[i]!);
  json += '],"unavailable_carriers":[';
  for (let i = 0; i < answer.unavailable_carriers.length; i++) json += (i === 0 ? '' : ',') + unavailable(answer.unavailable_carriers[i]!);
  return asciiBytes(`${json}],"guides":${num(answer.guides)},"quoted_at":${str(answer.quoted_at)}}`);
}
