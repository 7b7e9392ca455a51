import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import {
  DISPUTE_MESSAGE_MAX,
  DISPUTE_MESSAGE_MIN,
  RESOLUTION_REASON_MIN,
  type OverweightFile,
  type OverweightRecord,
  type OverweightStatus,
} from '@envios/contracts/overweight';
import { formatDateTime } from '@/lib/dates';
import { useDisputeOverweight } from '../api/dispute-overweight';
import { usePayOverweight } from '../api/pay-overweight';
import { useResolveDispute } from '../api/resolve-dispute';
import { DISPUTE_ATTACHMENTS_MAX, FILE_ACCEPT, fileProblem } from './files';

export const mxn = (amount: number) => formatMXN(toCentavos(amount));

export const statusColors: Record<OverweightStatus, string> = { pending: 'orange', paid: 'green', disputed: 'violet', cancelled: 'gray' };

export function StatusBadge({ status, label }: { status: OverweightStatus; label: string }) {
  return (
    <Badge color={statusColors[status]} variant="light" tt="none">
      {label}
    </Badge>
  );
}

function FileLinks({ files }: { files: OverweightFile[] }) {
  if (files.length === 0) return null;
  return (
    <Group gap="sm">
      {files.map((f) =>
        f.content_type === 'application/pdf' ? (
          <Anchor key={f._id} href={f.url} target="_blank" rel="noopener" size="sm">
            {f.file_name} (PDF)
          </Anchor>
        ) : (
          <Anchor key={f._id} href={f.url} target="_blank" rel="noopener" aria-label={`Ver la foto ${f.file_name}`}>
            <img
              src={f.url}
              alt={f.file_name}
              width={96}
              height={96}
              style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
            />
          </Anchor>
        ),
      )}
    </Group>
  );
}

function DisputeModal({ record, opened, onClose, onDone }: { record: OverweightRecord; opened: boolean; onClose: () => void; onDone: (text: string) => void }) {
  const shipmentId = record.shipment_id;
  const dispute = useDisputeOverweight();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const text = message.trim();
    if (text.length < DISPUTE_MESSAGE_MIN) return setProblem(`Cuéntanos en al menos ${DISPUTE_MESSAGE_MIN} caracteres por qué no estás de acuerdo.`);
    const bad = fileProblem(files, DISPUTE_ATTACHMENTS_MAX);
    if (bad) return setProblem(bad);
    setProblem(null);
    try {
      await dispute.mutateAsync({ shipmentId, message: text, files });
      onDone(
        record.paid
          ? `Enviamos tu aclaración. Si la aceptamos, te devolvemos ${mxn(record.cost_overweight)} a tu Monedero; te avisaremos por correo.`
          : 'Enviamos tu aclaración. Mientras la revisamos no se te cobra este sobrepeso; te avisaremos por correo.',
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'No pudimos enviar la aclaración.');
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Pedir una aclaración" centered>
      <Stack>
        <Text size="sm">
          Puedes pedir una sola aclaración por sobrepeso. Explica qué pasó y, si puedes, adjunta fotos de tu paquete en la báscula o con sus medidas.
        </Text>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Textarea
          label="Mensaje"
          required
          autosize
          minRows={4}
          maxLength={DISPUTE_MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          description={`${message.trim().length} de ${DISPUTE_MESSAGE_MAX} caracteres`}
          data-autofocus
        />
        <FileInput
          label="Fotos o PDF (opcional)"
          description={`Hasta ${DISPUTE_ATTACHMENTS_MAX} archivos JPG, PNG, WebP o PDF de 5 MB.`}
          placeholder="Elegir archivos"
          multiple
          clearable
          accept={FILE_ACCEPT}
          value={files}
          onChange={setFiles}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={dispute.isPending}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} loading={dispute.isPending}>
            Enviar aclaración
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResolveModal({ record, opened, onClose, onDone }: { record: OverweightRecord; opened: boolean; onClose: () => void; onDone: (text: string) => void }) {
  const resolve = useResolveDispute();
  const [decision, setDecision] = useState<'accept' | 'reject'>('accept');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    if (decision === 'reject' && reason.trim().length < RESOLUTION_REASON_MIN) {
      return setProblem(`Explica al cliente en al menos ${RESOLUTION_REASON_MIN} caracteres por qué se mantiene el sobrepeso.`);
    }
    setProblem(null);
    try {
      const answer = await resolve.mutateAsync({ shipmentId: record.shipment_id, decision, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      const refund = answer.record?.dispute.refund;
      onDone(
        decision === 'accept'
          ? `Aclaración aceptada: el sobrepeso se canceló${refund ? ` y se devolvieron ${mxn(refund)} al Monedero del cliente` : ''}.`
          : `Aclaración rechazada: el sobrepeso se mantiene (${answer.record?.status_label ?? ''}).`,
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'No pudimos guardar la decisión.');
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Resolver la aclaración" centered>
      <Stack>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <SegmentedControl
          value={decision}
          onChange={(v) => setDecision(v)}
          data={[
            { value: 'accept', label: 'Aceptar' },
            { value: 'reject', label: 'Rechazar' },
          ]}
          aria-label="Decisión"
        />
        <Text size="sm">
          {decision === 'accept'
            ? record.paid
              ? `Se cancela el sobrepeso y se devuelven ${mxn(record.cost_overweight)} al Monedero del cliente.`
              : 'Se cancela el sobrepeso; no se cobra.'
            : record.paid
              ? 'El sobrepeso se mantiene (ya está cobrado).'
              : 'El sobrepeso se mantiene: se cobra en ese momento del Monedero del cliente si alcanza; si no, queda pendiente para su siguiente compra.'}
        </Text>
        <Textarea
          label={decision === 'reject' ? 'Motivo para el cliente' : 'Nota para el cliente (opcional)'}
          required={decision === 'reject'}
          autosize
          minRows={3}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
            Cancelar
          </Button>
          <Button color={decision === 'accept' ? 'green' : 'red'} onClick={() => void submit()} loading={resolve.isPending}>
            {decision === 'accept' ? 'Aceptar y cancelar' : 'Rechazar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * One overweight told in full: what was declared and
 * measured, the tariff rule that priced it, the evidence, the dispute and every step; with the
 * owner's actions (pay from the wallet, ask for a clarification) or the admin's (resolve).
 */
export function OverweightDetail({ record, admin = false, onNotice }: { record: OverweightRecord; admin?: boolean; onNotice?: (text: string) => void }) {
  const pay = usePayOverweight();
  const [disputing, setDisputing] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notice = (text: string) => onNotice?.(text);

  async function payNow() {
    setError(null);
    try {
      await pay.mutateAsync(record.shipment_id);
      notice(`Pagaste el sobrepeso de ${mxn(record.cost_overweight)} con tu Monedero.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'No pudimos cobrar el sobrepeso.');
    }
  }

  const d = record.declared;
  const m = record.measured;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            Sobrepeso
          </Text>
          <Title order={3}>
            {record.overweight} kg · {mxn(record.cost_overweight)}
          </Title>
        </div>
        <StatusBadge status={record.status} label={record.status_label} />
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {/* What happened and what the customer can do: the same sentence as the e-mails. */}
      <Alert color={statusColors[record.status]} variant="light" data-testid="overweight-explanation">
        {record.explanation}
        {admin && record.status === 'disputed' && ' Revísala y resuélvela.'}
      </Alert>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Paper withBorder p="sm" radius="md">
          <Text fw={700} size="sm">
            {admin ? 'Lo que declaró el cliente' : 'Lo que declaraste'}
          </Text>
          <Text size="sm">{d.weight} kg</Text>
          {d.parcels.map((p, i) => (
            <Text key={i} size="sm" c="dimmed">
              {p.height} × {p.width} × {p.depth} cm
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            Peso facturado al comprar: {d.billable_weight} kg
          </Text>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Text fw={700} size="sm">
            Lo que midió la paquetería
          </Text>
          {m ? (
            <>
              <Text size="sm">{m.weight} kg</Text>
              {m.height !== null && (
                <Text size="sm" c="dimmed">
                  {m.height} × {m.width} × {m.depth} cm
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Peso facturable medido: {m.billable_weight} kg
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {d.billable_weight + Math.ceil(record.overweight)} kg facturables (sin medidas detalladas)
            </Text>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="sm" radius="md">
        <Text fw={700} size="sm">
          Cómo se calculó
        </Text>
        <Text size="sm">
          {record.rule
            ? record.rule.text
            : 'La tarifa del servicio no cubre esta ruta o este peso: el costo lo fijó el equipo con el reporte de la paquetería.'}
        </Text>
        {record.suggested_cost !== null && record.suggested_cost !== record.cost_overweight && (
          <Text size="xs" c="dimmed" mt={4}>
            La tarifa sugería {mxn(record.suggested_cost)}; el costo registrado es {mxn(record.cost_overweight)}.
          </Text>
        )}
        {record.note && (
          <Text size="sm" mt={4}>
            Nota del equipo: {record.note}
          </Text>
        )}
      </Paper>

      {record.evidence.length > 0 && (
        <Stack gap={4}>
          <Text fw={700} size="sm">
            Evidencia de la paquetería
          </Text>
          <FileLinks files={record.evidence} />
        </Stack>
      )}

      {record.dispute.status !== 'none' && (
        <Paper withBorder p="sm" radius="md">
          <Text fw={700} size="sm">
            Aclaración {record.dispute.status === 'open' ? 'en revisión' : record.dispute.status === 'accepted' ? 'aceptada' : 'rechazada'}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {record.dispute.message}
          </Text>
          <FileLinks files={record.dispute.attachments} />
          {record.dispute.resolution_reason && (
            <Text size="sm" mt={6}>
              Respuesta: {record.dispute.resolution_reason}
            </Text>
          )}
          {record.dispute.refund !== null && (
            <Text size="sm" c="green.8" mt={4}>
              {admin ? `Se devolvieron ${mxn(record.dispute.refund)} al Monedero del cliente.` : `Devolvimos ${mxn(record.dispute.refund)} a tu Monedero.`}
            </Text>
          )}
        </Paper>
      )}

      {record.events.length > 0 && (
        <Stack gap={4}>
          <Text fw={700} size="sm">
            Historia
          </Text>
          <Timeline bulletSize={14} lineWidth={2} active={record.events.length - 1}>
            {record.events.map((e, i) => (
              <Timeline.Item
                key={i}
                title={
                  <Text size="sm">
                    {e.label}
                    {e.amount !== null ? ` · ${mxn(e.amount)}` : ''}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}

      <Group gap="xs">
        {record.can_pay && (
          <Button onClick={() => void payNow()} loading={pay.isPending}>
            Pagar con mi Monedero
          </Button>
        )}
        {record.can_dispute && (
          <Button variant="light" onClick={() => setDisputing(true)}>
            Pedir aclaración
          </Button>
        )}
        {admin && record.dispute.status === 'open' && <Button onClick={() => setResolving(true)}>Resolver aclaración</Button>}
      </Group>

      <DisputeModal
        record={record}
        opened={disputing}
        onClose={() => setDisputing(false)}
        onDone={(text) => {
          setDisputing(false);
          notice(text);
        }}
      />
      <ResolveModal
        record={record}
        opened={resolving}
        onClose={() => setResolving(false)}
        onDone={(text) => {
          setResolving(false);
          notice(text);
        }}
      />
    </Stack>
  );
}
