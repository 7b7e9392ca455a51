import { BULK_COLUMNS, BULK_ROWS_MAX, SERVICE_CHEAPEST, SERVICE_FASTEST } from '@envios/contracts/bulk';
import { csvText, xlsxWorkbook, type SheetColumn } from '../../shared/spreadsheet.js';

/*
 * The bulk template: the «Envíos» sheet (the Spanish headers and one example row, postal codes and
 * phones kept as text so «06600» keeps its zero) and «Valores aceptados», which explains every
 * column and lists the services by name. The CSV has the first sheet only.
 */

type Row = Record<string, string>;

const TEXT_KEPT = new Set([
  'origen_cp',
  'destino_cp',
  'origen_telefono',
  'destino_telefono',
  'origen_numero',
  'destino_numero',
  'origen_interior',
  'destino_interior',
]);

const shipmentColumns: SheetColumn<Row>[] = BULK_COLUMNS.map((c) => ({
  header: c.header,
  type: TEXT_KEPT.has(c.key) ? 'code' : 'text',
  width: Math.max(14, c.header.length + 2),
  value: (r) => r[c.key] ?? null,
}));

const example: Row = Object.fromEntries(BULK_COLUMNS.map((c) => [c.key, c.example]));

export async function templateXlsx(serviceNames: readonly string[], created: Date): Promise<Buffer> {
  const help: Row[] = [
    ...BULK_COLUMNS.map((c) => ({ a: c.header, b: c.help, c: c.example })),
    { a: '', b: '', c: '' },
    {
      a: 'Filas',
      b: `Una fila por envío, hasta ${BULK_ROWS_MAX.toLocaleString('es-MX')} por archivo. La fila de ejemplo se ignora si la dejas tal cual.`,
      c: '',
    },
    { a: 'Repetidos', b: 'Una fila que ya creaste antes (en este u otro archivo) no se crea dos veces; puedes pedir «Crear de nuevo» en el resultado.', c: '' },
    { a: 'Servicio', b: `«${SERVICE_CHEAPEST}», «${SERVICE_FASTEST}» o uno de estos nombres:`, c: '' },
    ...serviceNames.map((name) => ({ a: '', b: name, c: '' })),
  ];
  const helpColumns: SheetColumn<Row>[] = [
    { header: 'Columna', type: 'text', width: 32, value: (r) => r.a ?? null },
    { header: 'Qué acepta', type: 'text', width: 100, value: (r) => r.b ?? null },
    { header: 'Ejemplo', type: 'text', width: 22, value: (r) => r.c ?? null },
  ];
  return xlsxWorkbook(
    [
      { name: 'Envíos', columns: shipmentColumns, rows: [example] },
      { name: 'Valores aceptados', columns: helpColumns, rows: help },
    ],
    created,
  );
}

export function templateCsv(): string {
  return csvText(shipmentColumns, [example]);
}
