import type { LaunchChecklist, LaunchItem, LaunchState } from '@envios/contracts/launch';
import { launchStateLabels } from '@envios/contracts/launch';
import { isProduction, type RawEnv } from './env.js';

/**
 * What the owner must configure before the first real sale: one check per setting that may still
 * run on a demonstration value or be missing. The admin's «Lista para el lanzamiento» and the
 * production start read this one list; a feature that needs a setting (the company's fiscal data
 * for invoices, a store platform's keys) adds its line here.
 */
export interface LaunchCheck {
  id: string;
  /** The environment variables that set it. */
  setting: string;
  title: string;
  /** 'demo' or 'missing' while it is not set; null once it is. */
  state: (config: LaunchConfig) => LaunchState | null;
  affects: string | ((config: LaunchConfig) => string);
  how: string;
}

/** What the checks read: the parsed environment (config/env.ts is the only reader of the process environment). */
export type LaunchConfig = Pick<
  RawEnv,
  | 'NODE_ENV'
  | 'APP_URL'
  | 'SUPPORT_PHONE'
  | 'WHATSAPP_NUMBER'
  | 'COMPANY_LEGAL_NAME'
  | 'COMPANY_ADDRESS'
  | 'COMPANY_RFC'
  | 'TERMS_DATE'
  | 'PAYPAL_CLIENT_ID'
  | 'PAYMENTS_SANDBOX'
  | 'CONEKTA_API_KEY'
  | 'SMTP_URL'
  | 'METRICS_TOKEN'
  | 'DHL_API_KEY'
  | 'FEDEX_CLIENT_ID'
>;

const unless = (set: unknown, state: LaunchState = 'missing'): LaunchState | null => (set ? null : state);

/** Without keys a payment provider is a sandbox, or switched off in production (payments.config.ts). */
function paymentEffect(config: LaunchConfig, provider: string): string {
  const flag = config.PAYMENTS_SANDBOX;
  const sandbox = flag === undefined ? !isProduction(config) : flag === '1' || flag === 'true';
  return sandbox
    ? `${provider} funciona como entorno de pruebas: no cobra dinero real y cada página muestra el aviso «Modo de pruebas».`
    : `${provider} está apagado: los clientes no pueden pagar con él.`;
}

export const LAUNCH_CHECKS: readonly LaunchCheck[] = [
  {
    id: 'support-phone',
    setting: 'SUPPORT_PHONE',
    title: 'Teléfono de soporte',
    state: (c) => unless(c.SUPPORT_PHONE, 'demo'),
    affects: 'El pie de cada página, el botón de llamada, Contáctanos y los correos muestran un número de demostración y dicen que lo es.',
    how: 'Define SUPPORT_PHONE con el teléfono de atención, por ejemplo SUPPORT_PHONE="33 1234 5678".',
  },
  {
    id: 'whatsapp',
    setting: 'WHATSAPP_NUMBER',
    title: 'WhatsApp de soporte',
    state: (c) => unless(c.WHATSAPP_NUMBER, 'demo'),
    affects: 'El botón de WhatsApp de cada página abre un chat con un número de demostración.',
    how: 'Define WHATSAPP_NUMBER con el número completo, solo dígitos y con lada de país, por ejemplo WHATSAPP_NUMBER=5213312345678.',
  },
  {
    id: 'legal-name',
    setting: 'COMPANY_LEGAL_NAME',
    title: 'Razón social',
    state: (c) => unless(c.COMPANY_LEGAL_NAME),
    affects: 'El aviso de privacidad dice «Razón social pendiente de publicar» como responsable de los datos.',
    how: 'Define COMPANY_LEGAL_NAME con la razón social registrada ante el SAT.',
  },
  {
    id: 'company-address',
    setting: 'COMPANY_ADDRESS',
    title: 'Domicilio de la empresa',
    state: (c) => unless(c.COMPANY_ADDRESS),
    affects: 'El aviso de privacidad no puede dar el domicilio del responsable y dice que está pendiente.',
    how: 'Define COMPANY_ADDRESS con el domicilio fiscal completo (calle, número, colonia, CP, ciudad y estado).',
  },
  {
    id: 'company-rfc',
    setting: 'COMPANY_RFC',
    title: 'RFC de la empresa',
    state: (c) => unless(c.COMPANY_RFC),
    affects: 'El aviso de privacidad no muestra el RFC del responsable.',
    how: 'Define COMPANY_RFC con el RFC de 12 o 13 caracteres de la empresa.',
  },
  {
    id: 'terms-date',
    setting: 'TERMS_DATE',
    title: 'Fecha de los términos de servicio',
    state: (c) => unless(c.TERMS_DATE, 'demo'),
    affects: 'Los términos de servicio dicen «Última actualización: 01/04/2017», la fecha del texto de ejemplo.',
    how: 'Revisa los términos y define TERMS_DATE con la fecha en que los publicas, por ejemplo TERMS_DATE=2026-03-15.',
  },
  {
    id: 'paypal',
    setting: 'PAYPAL_CLIENT_ID, PAYPAL_SECRET',
    title: 'Llaves de PayPal',
    state: (c) => unless(c.PAYPAL_CLIENT_ID, 'demo'),
    affects: (c) => `${paymentEffect(c, 'PayPal (y la tarjeta a través de PayPal)')}`,
    how: 'Crea una app REST en developer.paypal.com y define PAYPAL_CLIENT_ID, PAYPAL_SECRET y PAYPAL_ENV=live.',
  },
  {
    id: 'conekta',
    setting: 'CONEKTA_API_KEY, CONEKTA_WEBHOOK_KEY',
    title: 'Llaves de Conekta para OXXO',
    state: (c) => unless(c.CONEKTA_API_KEY, 'demo'),
    affects: (c) => `${paymentEffect(c, 'El pago en efectivo en OXXO')} Las referencias de prueba solo las marca pagadas un administrador.`,
    how: 'En el panel de Conekta copia la llave privada a CONEKTA_API_KEY y la llave pública del webhook (PEM) a CONEKTA_WEBHOOK_KEY; registra el webhook en {APP_URL}/api/v1/webhooks/conekta.',
  },
  {
    id: 'smtp',
    setting: 'SMTP_URL, MAIL_FROM',
    title: 'Correo saliente (SMTP)',
    state: (c) => unless(c.SMTP_URL),
    affects:
      'Ningún correo sale: guías, referencias OXXO, avisos de sobrepeso y recuperación de contraseña quedan en la bandeja de salida que leen los administradores.',
    how: 'Define SMTP_URL (smtp:// o smtps://usuario:contraseña@servidor:puerto) y MAIL_FROM con el remitente.',
  },
  {
    id: 'metrics-token',
    setting: 'METRICS_TOKEN',
    title: 'Token de las métricas',
    state: (c) => unless(c.METRICS_TOKEN),
    affects: 'GET /metrics es pública: cualquiera que llegue al servidor lee pagos, saldos y trabajos.',
    how: 'Define METRICS_TOKEN con un texto aleatorio de al menos 16 caracteres y configúralo en tu colector como Authorization: Bearer <token>.',
  },
  {
    id: 'dhl',
    setting: 'DHL_API_KEY, DHL_API_SECRET, DHL_ACCOUNT_NUMBER',
    title: 'Llaves de DHL Express',
    state: (c) => unless(c.DHL_API_KEY),
    affects: 'DHL cotiza con las tarifas cargadas y sus guías salen del inventario o del sandbox, no de MyDHL.',
    how: 'Con tu cuenta de DHL Express, pide acceso a la API MyDHL y define DHL_API_KEY, DHL_API_SECRET y DHL_ACCOUNT_NUMBER.',
  },
  {
    id: 'fedex',
    setting: 'FEDEX_CLIENT_ID, FEDEX_CLIENT_SECRET, FEDEX_ACCOUNT_NUMBER',
    title: 'Llaves de FedEx',
    state: (c) => unless(c.FEDEX_CLIENT_ID),
    affects: 'FedEx cotiza con las tarifas cargadas y sus guías salen del inventario o del sandbox, no de la API de FedEx.',
    how: 'Crea un proyecto en developer.fedex.com (Rate y Ship) y define FEDEX_CLIENT_ID, FEDEX_CLIENT_SECRET y FEDEX_ACCOUNT_NUMBER.',
  },
];

/** The settings still on a demonstration value or missing, in the order an owner sets them. */
export function launchChecklist(config: LaunchConfig, checks: readonly LaunchCheck[] = LAUNCH_CHECKS): LaunchChecklist {
  const items: LaunchItem[] = [];
  for (const check of checks) {
    const state = check.state(config);
    if (!state) continue;
    const affects = typeof check.affects === 'function' ? check.affects(config) : check.affects;
    items.push({
      id: check.id,
      setting: check.setting,
      title: check.title,
      state,
      affects,
      how: check.how.replace('{APP_URL}', config.APP_URL.replace(/\/+$/, '')),
    });
  }
  return { items, production: isProduction(config) };
}

/** The same list as `npm start` prints it in production: one line per setting, with how to set it. */
export function launchChecklistText(list: LaunchChecklist): string {
  if (list.items.length === 0) return 'Lista para el lanzamiento: todo configurado.';
  return [
    `Lista para el lanzamiento: ${list.items.length === 1 ? 'queda 1 ajuste' : `quedan ${list.items.length} ajustes`} con valores de demostración o sin configurar (también en /admin/lanzamiento):`,
    ...list.items.map((i) => `  - ${i.title} (${i.setting}) — ${launchStateLabels[i.state]}. ${i.affects} Cómo: ${i.how}`),
  ].join('\n');
}
