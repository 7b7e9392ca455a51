import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { LAUNCH_CHECKS, launchChecklist, launchChecklistText, type LaunchCheck } from './launch-checklist.js';

describe('launch checklist', () => {
  it('in development with nothing set, every check is pending; sandbox payments are called what they are', () => {
    const list = launchChecklist(parseEnv({}));
    expect(list.production).toBe(false);
    expect(list.items).toHaveLength(LAUNCH_CHECKS.length);
    expect(list.items.find((i) => i.id === 'paypal')?.affects).toMatch(/entorno de pruebas: no cobra dinero real/);
    expect(list.items.find((i) => i.id === 'terms-date')).toMatchObject({ state: 'demo', setting: 'TERMS_DATE' });
  });

  it('all set: nothing pending, and the printed list says so', () => {
    const env = parseEnv({
      SUPPORT_PHONE: '33 9876 5432',
      WHATSAPP_NUMBER: '5213398765432',
      COMPANY_LEGAL_NAME: 'Envíos Ejemplo, S.A. de C.V.',
      COMPANY_ADDRESS: 'Av. Juárez 100, Guadalajara, Jal., 44100',
      COMPANY_RFC: 'EEJ010101AB1',
      TERMS_DATE: '2026-03-15',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_SECRET: 'secreto',
      CONEKTA_API_KEY: 'key_x',
      CONEKTA_WEBHOOK_KEY: 'pem',
      SMTP_URL: 'smtp://correo.test:587',
      METRICS_TOKEN: 'un-token-de-metricas-largo',
      DHL_API_KEY: 'k',
      DHL_API_SECRET: 's',
      DHL_ACCOUNT_NUMBER: '123456789',
      FEDEX_CLIENT_ID: 'c',
      FEDEX_CLIENT_SECRET: 's',
      FEDEX_ACCOUNT_NUMBER: '123456789',
    });
    const list = launchChecklist(env);
    expect(list.items).toEqual([]);
    expect(launchChecklistText(list)).toBe('Lista para el lanzamiento: todo configurado.');
  });

  it('prints one line per pending setting, with what it affects and how to set it', () => {
    const text = launchChecklistText(launchChecklist(parseEnv({ NODE_ENV: 'production' })));
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      `Lista para el lanzamiento: quedan ${LAUNCH_CHECKS.length} ajustes con valores de demostración o sin configurar (también en /admin/lanzamiento):`,
    );
    expect(lines).toContain(
      '  - Teléfono de soporte (SUPPORT_PHONE) — Valor de demostración. El pie de cada página, el botón de llamada, Contáctanos y los correos muestran un número de demostración y dicen que lo es. Cómo: Define SUPPORT_PHONE con el teléfono de atención, por ejemplo SUPPORT_PHONE="33 1234 5678".',
    );
  });

  it('a feature adds its own line to the same list', () => {
    const invoices: LaunchCheck = {
      id: 'cfdi',
      setting: 'CFDI_KEY',
      title: 'Facturación',
      state: () => 'missing',
      affects: 'No se timbran facturas.',
      how: 'Define CFDI_KEY.',
    };
    expect(launchChecklist(parseEnv({}), [...LAUNCH_CHECKS, invoices]).items.at(-1)).toMatchObject({ id: 'cfdi', state: 'missing' });
  });
});
