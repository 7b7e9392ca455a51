import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIER_CODES, CARRIER_NAMES, carrierCodeForServiceName } from '@envios/contracts/carriers';
import { parseEnv } from '../../config/env.js';
import { CARRIER_PROVIDERS } from './carrier-list.js';
import type { CarrierProvider } from './carrier-provider.js';
import { sandboxGuideNumber } from './sandbox/sandbox-guide-issuer.js';

/*
 * The carrier-list contract: every carrier of the list is complete (metadata, catalogue, sandbox
 * look, and the code behind each capability it declares), every code of the contracts has one,
 * and every carrier folder is in the list. A new carrier that forgets a part fails here, naming it.
 */

const carriersDir = path.dirname(fileURLToPath(import.meta.url));
const HEX = /^#[0-9A-F]{6}$/i;
const STEPS = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;

/** What is missing or wrong in a provider, given the files of its folder; [] when complete. */
function carrierProblems(p: CarrierProvider, files: readonly string[]): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(`${p.code}: ${problem}`);
  };
  check((CARRIER_CODES as readonly string[]).includes(p.code), 'el código no está en CARRIER_CODES (packages/contracts)');
  check(p.name === CARRIER_NAMES[p.code], `el nombre «${p.name}» no es el de CARRIER_NAMES`);

  // Its folder: the provider object, tests, and a fake server for an API.
  check(files.includes(`${p.code}.carrier.ts`), `falta ${p.code}/${p.code}.carrier.ts`);
  const hasCode = p.api !== undefined || p.publicTrackingUrl !== undefined;
  check(!hasCode || files.some((f) => f.endsWith('.test.ts')), 'tiene código propio y ninguna prueba en su carpeta');
  check(!p.api || files.some((f) => f.endsWith('.fake.ts')), 'tiene API y ningún servidor falso (*.fake.ts) en su carpeta');

  // Each declared capability has the code behind it, and nothing undeclared has code.
  const { liveRates, guideCreation, tracking, pickups } = p.capabilities;
  check(liveRates === Boolean(p.api?.rates), 'liveRates no coincide con api.rates');
  check(guideCreation === Boolean(p.api?.guides), 'guideCreation no coincide con api.guides');
  check((tracking === 'api') === Boolean(p.api?.tracking), "tracking 'api' no coincide con api.tracking");
  check((tracking === 'public_page') === Boolean(p.publicTrackingUrl), "tracking 'public_page' no coincide con publicTrackingUrl");
  check(pickups === false, 'ninguna paquetería agenda recolecciones por API todavía');
  check(!p.api || p.api.fromConfig(parseEnv({})) === undefined, 'su API queda encendida sin credenciales');

  // The catalogue it seeds: its own services, priced, named so the labels name it.
  const services = p.catalogue.services;
  check(services.length > 0, 'no declara servicios');
  check(new Set(services.map((s) => s.name)).size === services.length, 'repite un nombre de servicio');
  for (const s of services) {
    check(s.carrierCode === p.code, `el servicio ${s.name} es de ${s.carrierCode}`);
    check(s.tariff.length > 0, `el servicio ${s.name} no tiene tarifa`);
    check(carrierCodeForServiceName(s.name) === p.code, `el servicio ${s.name} no está en FIXED_SERVICE_NAMES (se etiquetaría como otra paquetería)`);
    check(
      s.guideSource !== 'carrier_api' || (guideCreation && s.externalCode !== null),
      `el servicio ${s.name} pide guías a la API sin guideCreation o sin externalCode`,
    );
  }
  check(!liveRates || services.some((s) => s.externalCode), 'cotiza en vivo y ningún servicio tiene externalCode');
  const { settings } = p.catalogue;
  check(
    settings.insuranceRateBp > 0 && settings.insuranceMinCentavos > 0 && settings.remoteAreaSurchargeCentavos >= 0,
    'ajustes de seguro o zona remota inválidos',
  );
  check(
    settings.remoteAreas.every((cp) => /^\d{5}$/.test(cp)),
    'una zona remota no es un código postal de 5 dígitos',
  );

  // Its badge and its sandbox look.
  check(HEX.test(p.badge.background) && HEX.test(p.badge.foreground) && p.badge.fontSize > 0, 'el distintivo no tiene colores #RRGGBB o tamaño');
  const { guideNumber, trackingTexts } = p.sandbox;
  check(guideNumber.digits >= 6, 'el número de guía de prueba es demasiado corto');
  check(
    STEPS.every((step) => trackingTexts[step].code !== '' && trackingTexts[step].text !== ''),
    'faltan textos de rastreo de prueba',
  );
  return problems;
}

const filesOf = (code: string) => readdirSync(path.join(carriersDir, code));

describe('the carrier list', () => {
  it('has one provider per carrier code of the contracts, in the provider filter order', () => {
    expect(CARRIER_PROVIDERS.map((p) => p.code)).toEqual([...CARRIER_CODES]);
  });

  it.each(CARRIER_PROVIDERS.map((p) => [p.code, p] as const))('%s is complete', (code, provider) => {
    expect(carrierProblems(provider, filesOf(code))).toEqual([]);
  });

  it('lists every carrier folder', () => {
    const folders = readdirSync(carriersDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && readdirSync(path.join(carriersDir, e.name)).some((f) => f.endsWith('.carrier.ts')))
      .map((e) => e.name);
    expect(folders.sort()).toEqual(CARRIER_PROVIDERS.map((p) => p.code).sort());
  });

  it("numbers sandbox guides in each carrier's format", () => {
    for (const p of CARRIER_PROVIDERS) {
      const { prefix, digits } = p.sandbox.guideNumber;
      expect(sandboxGuideNumber(p.code, 'llave')).toMatch(new RegExp(`^${prefix}[1-9]\\d{${digits - 1}}$`));
    }
  });

  it('names what an incomplete provider misses', () => {
    const dhl = CARRIER_PROVIDERS.find((p) => p.code === 'dhl')!;
    const broken: CarrierProvider = {
      ...dhl,
      name: 'DHL Express',
      capabilities: { ...dhl.capabilities, tracking: 'public_page' },
      catalogue: { ...dhl.catalogue, services: [{ ...dhl.catalogue.services[0]!, externalCode: null, tariff: [] }] },
    };
    expect(carrierProblems(broken, ['dhl.carrier.ts'])).toEqual([
      'dhl: el nombre «DHL Express» no es el de CARRIER_NAMES',
      'dhl: tiene código propio y ninguna prueba en su carpeta',
      'dhl: tiene API y ningún servidor falso (*.fake.ts) en su carpeta',
      "dhl: tracking 'api' no coincide con api.tracking",
      "dhl: tracking 'public_page' no coincide con publicTrackingUrl",
      'dhl: el servicio EXPRESS DOMESTIC 10:30 no tiene tarifa',
      'dhl: el servicio EXPRESS DOMESTIC 10:30 pide guías a la API sin guideCreation o sin externalCode',
      'dhl: cotiza en vivo y ningún servicio tiene externalCode',
    ]);
  });
});
