import { useState } from 'react';
import { Alert, Button, Group, Menu, Stack } from '@mantine/core';
import { LABEL_FORMATS, labelFormatLabels, type LabelFormat } from '@envios/contracts/guides';
import { useQueryClient } from '@tanstack/react-query';
import { queryRoots, readAgainAfterChange } from '@/lib/query-keys';
import { downloadLabels, type LabelSelection } from '../api/download-labels';
import { useLabelSettings } from '../api/get-label-settings';

export interface LabelDownloadProps {
  selection: LabelSelection;
  /** The button's text, e.g. «Descargar etiquetas (3)». */
  label: string;
  disabled?: boolean;
}

/**
 * «Descargar etiquetas»: one file with every label of the selection, in the account's printing
 * format (the button) or another one (the menu beside it). The server's refusal (a guide not
 * ready yet, another account's shipment) shows in Spanish under the button.
 */
export function LabelDownload({ selection, label, disabled = false }: LabelDownloadProps) {
  const settings = useLabelSettings();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const preferred: LabelFormat = settings.data?.format ?? 'pdf4x6';

  async function download(format: LabelFormat) {
    setBusy(true);
    setFailure(null);
    try {
      await downloadLabels(selection, format);
      // The guides are marked «Impresa»: Mis Envíos reads them again.
      await readAgainAfterChange(queryClient, [queryRoots.shipments]);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No pudimos generar las etiquetas.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6}>
      <Group gap={0} wrap="nowrap">
        <Button
          onClick={() => void download(preferred)}
          loading={busy}
          disabled={disabled}
          style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          title={labelFormatLabels[preferred]}
        >
          {label}
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              disabled={disabled || busy}
              aria-label="Elegir otro formato de etiquetas"
              px={10}
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid rgba(255,255,255,0.4)' }}
            >
              ▾
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Formato</Menu.Label>
            {LABEL_FORMATS.map((format) => (
              <Menu.Item key={format} onClick={() => void download(format)}>
                {labelFormatLabels[format]}
                {format === preferred ? ' · predeterminado' : ''}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
