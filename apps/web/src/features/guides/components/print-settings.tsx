import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { LABEL_FORMATS, labelFormatLabels, type LabelFormat } from '@envios/contracts/guides';
import { useLabelSettings } from '../api/get-label-settings';
import { useSaveLabelSettings } from '../api/save-label-settings';

const HINTS: Record<LabelFormat, string> = {
  pdf4x6: 'Una etiqueta por hoja de 4 × 6 pulgadas, para impresoras térmicas de etiquetas.',
  pdfletter: 'Dos etiquetas por hoja carta, para impresoras de oficina; corta por la línea punteada.',
  zpl: 'Un archivo de texto ZPL que las impresoras Zebra imprimen directo, a 203 dpi.',
};

/** «Configuración de impresión»: the label format every download uses unless another is chosen. */
export function PrintSettings() {
  const settings = useLabelSettings();
  const save = useSaveLabelSettings();
  const [chosen, setChosen] = useState<LabelFormat | null>(null);
  const [saved, setSaved] = useState(false);
  const value = chosen ?? settings.data?.format ?? 'pdf4x6';
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Configuración de impresión
        </Title>
        <Text size="sm" c="dimmed">
          El formato en que se descargan tus etiquetas, una por una o todas a la vez.
        </Text>
        <Radio.Group
          name="formato-etiquetas"
          label="Formato de etiquetas"
          value={value}
          onChange={(v) => {
            setChosen(v);
            setSaved(false);
          }}
        >
          <Stack gap="xs" mt={6}>
            {LABEL_FORMATS.map((format) => (
              <Radio key={format} value={format} label={labelFormatLabels[format]} description={HINTS[format]} />
            ))}
          </Stack>
        </Radio.Group>
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        {saved && (
          <Alert color="green" variant="light" role="status">
            Guardamos tu formato de etiquetas.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={save.isPending} disabled={settings.isPending} onClick={() => save.mutate({ format: value }, { onSuccess: () => setSaved(true) })}>
            Guardar formato
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
