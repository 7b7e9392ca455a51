import { FORMA_PAGO_KEYS, regimenAppliesTo, regimenFiscal, usoAllowedFor, usoCfdi } from '@envios/contracts/sat/catalogs';
import { capitalRegimeIn } from '@envios/contracts/sat/legal-name';
import { checkRfc, RFC_PUBLICO_GENERAL } from '@envios/contracts/sat/rfc';
import type { CfdiCustomer, CfdiInvoiceRequest } from './stamping-service.js';

/**
 * What a stamping service checks without asking the SAT (the catalogues, the RFC's check digit,
 * the use for the régimen, a global invoice's receptor): the offline sandbox refuses with these,
 * and so does the local Facturapi fake before its own taxpayer registry. Messages in Spanish, with
 * the path Facturapi names.
 */
export interface RuleFailure {
  message: string;
  path: string;
  code: string;
}

const fail = (path: string, message: string, code = 'invalid_request'): RuleFailure => ({ path, message, code });

export function checkCustomer(customer: Partial<CfdiCustomer> | undefined, prefix = ''): RuleFailure | undefined {
  const p = (field: string) => `${prefix}${field}`;
  if (!customer || typeof customer !== 'object') return fail(p('customer').replace(/\.$/, ''), 'El receptor es obligatorio.', 'required');
  if (typeof customer.legal_name !== 'string' || customer.legal_name.trim() === '')
    return fail(p('legal_name'), `El campo "${p('legal_name')}" es requerido.`, 'required');
  if (typeof customer.tax_id !== 'string') return fail(p('tax_id'), `El campo "${p('tax_id')}" es requerido.`, 'required');
  const rfc = checkRfc(customer.tax_id);
  if (!rfc.ok) return fail(p('tax_id'), `El RFC ${customer.tax_id} no es válido: ${rfc.message}`, 'invalid_tax_id');
  if (typeof customer.tax_system !== 'string' || !regimenFiscal(customer.tax_system)) {
    return fail(p('tax_system'), 'El régimen fiscal no pertenece al catálogo del SAT.', 'tax_system_not_in_catalog');
  }
  if (rfc.generic === 'publico_general') {
    if (customer.tax_system !== '616')
      return fail(
        p('tax_system'),
        'El público en general (XAXX010101000) lleva el régimen 616 Sin obligaciones fiscales.',
        'tax_system_not_allowed_for_tax_id',
      );
  } else if (!regimenAppliesTo(customer.tax_system, rfc.kind)) {
    return fail(
      p('tax_system'),
      `El régimen fiscal ${customer.tax_system} no aplica a ${rfc.kind === 'moral' ? 'una persona moral (RFC de 12 caracteres)' : 'una persona física (RFC de 13 caracteres)'}.`,
      'tax_system_not_allowed_for_tax_id',
    );
  }
  if (rfc.generic === null && capitalRegimeIn(customer.legal_name)) {
    return fail(
      p('legal_name'),
      'El nombre o razón social del receptor debe escribirse sin el régimen capital (por ejemplo, sin «S.A. DE C.V.»).',
      'legal_name_mismatch',
    );
  }
  if (!/^\d{5}$/.test(customer.address?.zip ?? '')) return fail(p('address.zip'), 'El código postal del domicilio fiscal debe tener 5 dígitos.', 'invalid_zip');
  return undefined;
}

export function checkInvoiceRequest(body: Partial<CfdiInvoiceRequest>): RuleFailure | undefined {
  const customer = checkCustomer(body.customer, 'customer.');
  if (customer) return customer;
  const c = body.customer!;
  if (typeof body.use !== 'string' || !usoCfdi(body.use)) return fail('use', 'El uso CFDI no pertenece al catálogo del SAT.');
  const rfc = checkRfc(c.tax_id);
  const kind = rfc.ok ? rfc.kind : undefined;
  if (!usoAllowedFor(body.use, c.tax_system, kind)) {
    return fail('use', `El uso CFDI ${body.use} no corresponde al régimen fiscal ${c.tax_system} del receptor.`, 'invoice_stamping_validation_error');
  }
  if (!FORMA_PAGO_KEYS.includes(body.payment_form as never)) return fail('payment_form', 'La forma de pago no pertenece al catálogo del SAT.');
  if (body.payment_method !== 'PUE') return fail('payment_method', 'El método de pago debe ser PUE o PPD.');
  if (!Array.isArray(body.items) || body.items.length === 0) return fail('items', 'La factura debe tener al menos un concepto.', 'required');
  if (body.items.length > 5000) return fail('items', 'Una factura puede tener como máximo 5,000 conceptos.');
  for (const [i, item] of body.items.entries()) {
    const product = item?.product;
    if (!product || typeof product.description !== 'string' || product.description.trim() === '' || product.description.length > 1000) {
      return fail(`items.${i}.product.description`, 'La descripción del concepto es obligatoria (hasta 1,000 caracteres).');
    }
    if (!/^\d{8}$/.test(product.product_key ?? ''))
      return fail(`items.${i}.product.product_key`, 'La clave de producto o servicio debe tener 8 dígitos.', 'product_key_not_found');
    if (typeof product.unit_key !== 'string' || !/^[A-Z0-9]{2,3}$/.test(product.unit_key))
      return fail(`items.${i}.product.unit_key`, 'La clave de unidad no es válida.', 'unit_key_not_found');
    if (!(typeof product.price === 'number' && product.price > 0 && Number.isFinite(product.price)))
      return fail(`items.${i}.product.price`, 'El precio del concepto debe ser mayor que cero.');
    if (!(Number.isInteger(item.quantity) && item.quantity > 0))
      return fail(`items.${i}.quantity`, 'La cantidad del concepto debe ser un número entero mayor que cero.');
  }
  if (body.global) {
    if (c.tax_id !== RFC_PUBLICO_GENERAL || body.use !== 'S01') {
      return fail('global', 'Una factura global va a público en general (XAXX010101000) con uso S01 Sin efectos fiscales.');
    }
    if (body.global.periodicity !== 'month' || !/^(0[1-9]|1[0-2])$/.test(body.global.months) || !Number.isInteger(body.global.year)) {
      return fail('global', 'La información de la factura global (periodicidad, mes y año) no es válida.');
    }
  } else if (c.tax_id === RFC_PUBLICO_GENERAL) {
    return fail('customer.tax_id', 'Una factura a público en general (XAXX010101000) necesita la información global (periodicidad, mes y año).');
  }
  return undefined;
}

/** Total of the concepts in centavos (prices already carry their IVA). */
export function totalCentavos(items: readonly CfdiItem[]): number {
  return items.reduce((sum, i) => sum + Math.round(i.product.price * 100) * i.quantity, 0);
}

type CfdiItem = CfdiInvoiceRequest['items'][number];
