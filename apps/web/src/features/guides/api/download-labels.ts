import type { LabelFormat } from '@envios/contracts/guides';
import { downloadFile } from '@/lib/download';

/** What to print: shipments by id, the shipments a bulk upload created, or today's paid guides. */
export type LabelSelection = { ids: string[] } | { bulk: string } | { today: true };

export function labelsUrl(selection: LabelSelection, format: LabelFormat): string {
  const params = new URLSearchParams();
  if ('ids' in selection) params.set('ids', selection.ids.join(','));
  else if ('bulk' in selection) params.set('bulk', selection.bulk);
  else params.set('today', '1');
  params.set('format', format);
  params.set('download', '1');
  return `/api/v1/labels?${params.toString()}`;
}

/** `GET /labels`: one file with the labels, saved by the browser; a refusal throws the server's Spanish message. */
export function downloadLabels(selection: LabelSelection, format: LabelFormat) {
  return downloadFile(labelsUrl(selection, format), { fallbackName: format === 'zpl' ? 'guias.zpl' : 'guias.pdf' });
}
