import { useRef, useState } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { downloadFile, type DownloadProgress } from '@/lib/download';

const sizeFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** A file's size as a person reads it: KB below a megabyte (a small export is not «0 MB»), else MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

export interface ExportButtonsProps {
  /** The file's address per format (the page's current filters in the query). */
  urlFor: (format: 'xlsx' | 'csv') => string;
  /** The file name if the server does not say. */
  baseName: string;
  /** What the file is, for the status line ('envíos', 'sobrepesos'). */
  what: string;
}

/**
 * 'Exportar' (Excel) and CSV: the file is written by the server while it downloads; the page shows
 * the rows and how much has arrived, and the server's message when it refuses (past the export cap).
 */
export function ExportButtons({ urlFor, baseName, what }: ExportButtonsProps) {
  const [state, setState] = useState<{ format: 'xlsx' | 'csv'; progress: DownloadProgress } | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function run(format: 'xlsx' | 'csv') {
    setNotice(null);
    const controller = new AbortController();
    abort.current = controller;
    setState({ format, progress: { received: 0, estimated: null, rows: null } });
    try {
      const done = await downloadFile(urlFor(format), {
        fallbackName: `${baseName}.${format}`,
        signal: controller.signal,
        onProgress: (progress) => setState({ format, progress }),
      });
      setNotice({ color: 'green', text: `Listo: ${done.filename} (${fileSize(done.bytes)}).` });
    } catch (error) {
      if (controller.signal.aborted) setNotice({ color: 'red', text: 'Cancelaste la exportación.' });
      else setNotice({ color: 'red', text: error instanceof Error ? error.message : 'No pudimos generar el archivo.' });
    } finally {
      setState(null);
      abort.current = null;
    }
  }

  const p = state?.progress;
  const percent = p?.estimated ? Math.min(99, Math.round((100 * p.received) / p.estimated)) : undefined;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button onClick={() => void run('xlsx')} loading={state?.format === 'xlsx'} disabled={state !== null}>
          Exportar
        </Button>
        <Button variant="light" onClick={() => void run('csv')} loading={state?.format === 'csv'} disabled={state !== null}>
          CSV
        </Button>
        {state && (
          <Button variant="subtle" color="red" onClick={() => abort.current?.abort()}>
            Cancelar
          </Button>
        )}
      </Group>
      {p && (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress value={percent ?? 100} animated striped={percent === undefined} aria-label="Avance de la exportación" />
          <Text size="sm" c="dimmed">
            {p.rows === null
              ? 'Preparando el archivo…'
              : `Exportando ${p.rows.toLocaleString('es-MX')} ${what}: ${fileSize(p.received)}${p.estimated ? ` de unos ${fileSize(p.estimated)}` : ''}${percent !== undefined ? ` (${percent} %)` : ''}`}
          </Text>
        </Stack>
      )}
      {notice && (
        <Alert
          color={notice.color}
          variant="light"
          role={notice.color === 'red' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}
