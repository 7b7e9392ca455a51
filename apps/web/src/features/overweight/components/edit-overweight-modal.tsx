import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  OVERWEIGHT_FILES_PER_UPLOAD,
  overweightMessages,
  overweightMeasuredSchema,
  recordOverweightSchema,
  type OverweightMeasured,
  type OverweightStatus,
} from '@envios/contracts/overweight';
import { useOverweightSuggestion } from '../api/get-overweight-suggestion';
import { useShipmentOverweight } from '../api/get-shipment-overweight';
import { useRecordOverweight } from '../api/record-overweight';
import { useUploadEvidence } from '../api/upload-evidence';
import { FILE_ACCEPT, fileProblem } from './files';
import { mxn } from './overweight-detail';
import { toNumber } from '@/components/ui/form/to-number';

/** What the editor needs of a report row. */
export interface OverweightTarget {
  _id: string;
  numberOfOrder: number;
  customer: string;
  service: string;
  overweight: number | null;
  cost_overweight: number | null;
  overweight_paid: boolean;
  overweight_status: OverweightStatus | null;
}

type Box = number | string;

/**
 * Numeric Sobrepeso (kg) and Costo, both required; Save hidden once the
 * overweight is paid. Beyond the spec: what the carrier measured, from which the tariff suggests
 * both numbers, a note for the customer and the carrier's evidence. Saving charges the customer's
 * wallet when it covers the cost (the server does it), otherwise it stays pending.
 */
export function EditOverweightModal({ target, onClose, onSaved }: { target: OverweightTarget; onClose: () => void; onSaved: (notice: string) => void }) {
  const record = useRecordOverweight();
  const evidence = useUploadEvidence();
  const current = useShipmentOverweight(target._id);
  const [kg, setKg] = useState<Box>(target.overweight ?? '');
  const [cost, setCost] = useState<Box>(target.cost_overweight ?? '');
  const [weight, setWeight] = useState<Box>('');
  const [height, setHeight] = useState<Box>('');
  const [width, setWidth] = useState<Box>('');
  const [depth, setDepth] = useState<Box>('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const measured = overweightMeasuredSchema.safeParse({ weight: toNumber(weight), height: toNumber(height), width: toNumber(width), depth: toNumber(depth) });
  const [measuredNow] = useDebouncedValue<OverweightMeasured | undefined>(measured.success ? measured.data : undefined, 400);
  const suggestion = useOverweightSuggestion(target._id, measuredNow);
  const s = measuredNow ? suggestion.data : undefined;

  const paid = target.overweight_paid && target.overweight_status !== 'cancelled';
  const disputed = target.overweight_status === 'disputed';
  const locked = paid || disputed || current.data?.record?.dispute.status === 'accepted';

  async function save() {
    setProblem(null);
    const parsed = recordOverweightSchema.safeParse({
      overweight: toNumber(kg),
      cost_overweight: toNumber(cost),
      ...(measured.success ? { measured: measured.data } : {}),
      ...(note.trim() ? { overweight_note: note.trim() } : {}),
    });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (weight !== '' && !measured.success) found.measured = measured.error.issues[0]?.message ?? 'Revisa las medidas.';
    const bad = fileProblem(files, OVERWEIGHT_FILES_PER_UPLOAD);
    if (bad) found.files = bad;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      const saved = await record.mutateAsync({ shipmentId: target._id, ...parsed.data });
      if (files.length > 0) await evidence.mutateAsync({ shipmentId: target._id, files });
      const text =
        parsed.data.cost_overweight === 0
          ? 'Sobrepeso retirado: no se cobrará.'
          : saved.overweight_paid
            ? overweightMessages.charged
            : overweightMessages.pending;
      onSaved(text);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'No pudimos guardar el sobrepeso.');
    }
  }

  return (
    <Modal opened onClose={onClose} title={overweightMessages.editTitle} centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Envío {target.numberOfOrder} · {target.customer} · {target.service}
        </Text>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        {paid && (
          <Alert color="green" variant="light">
            {overweightMessages.alreadyPaid}
          </Alert>
        )}
        {disputed && (
          <Alert color="violet" variant="light">
            {overweightMessages.disputeOpen}
          </Alert>
        )}
        {!paid && !disputed && (
          <Text size="sm" data-testid="overweight-charge-rule">
            {overweightMessages.chargeRule}
          </Text>
        )}

        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text fw={700} size="sm">
              Lo que midió la paquetería (opcional)
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <NumberInput label="Peso (kg)" value={weight} onChange={setWeight} min={0} decimalScale={2} allowNegative={false} disabled={locked} />
              <NumberInput label="Alto (cm)" value={height} onChange={setHeight} min={0} decimalScale={1} allowNegative={false} disabled={locked} />
              <NumberInput label="Largo (cm)" value={width} onChange={setWidth} min={0} decimalScale={1} allowNegative={false} disabled={locked} />
              <NumberInput label="Ancho (cm)" value={depth} onChange={setDepth} min={0} decimalScale={1} allowNegative={false} disabled={locked} />
            </SimpleGrid>
            {errors.measured && (
              <Text size="sm" c="red.8" role="alert">
                {errors.measured}
              </Text>
            )}
            {s && (
              <Stack gap={4} aria-live="polite">
                <Text size="sm">
                  Declarado: {s.declared.weight} kg ({s.declared.billable_weight} kg facturables) · Medido: {s.measured_billable_weight} kg facturables ·
                  Sobrepeso: {s.overweight} kg
                </Text>
                <Text size="sm" c="dimmed">
                  {s.rule ? s.rule.text : 'La tarifa del servicio no cubre esta ruta o este peso; escribe el costo del reporte de la paquetería.'}
                </Text>
                {s.suggested_cost !== null && !locked && (
                  <Group>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => {
                        setKg(s.overweight);
                        setCost(s.suggested_cost ?? '');
                      }}
                    >
                      Usar sugerencia: {s.overweight} kg · {mxn(s.suggested_cost)}
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </Stack>
        </Paper>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Sobrepeso (kg)"
            required
            value={kg}
            onChange={setKg}
            min={0}
            decimalScale={2}
            allowNegative={false}
            error={errors.overweight}
            disabled={locked}
          />
          <NumberInput
            label="Costo (MX$)"
            required
            value={cost}
            onChange={setCost}
            min={0}
            decimalScale={2}
            allowNegative={false}
            error={errors.cost_overweight}
            disabled={locked}
          />
        </SimpleGrid>
        <TextInput
          label="Nota para el cliente (opcional)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          error={errors.overweight_note}
          disabled={locked}
        />
        <FileInput
          label="Evidencia de la paquetería (opcional)"
          description={`Fotos o PDF, hasta ${OVERWEIGHT_FILES_PER_UPLOAD} archivos de 5 MB.`}
          placeholder="Elegir archivos"
          multiple
          clearable
          accept={FILE_ACCEPT}
          value={files}
          onChange={setFiles}
          error={errors.files}
          disabled={locked}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          {!locked && (
            <Button onClick={() => void save()} loading={record.isPending || evidence.isPending}>
              Guardar
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
