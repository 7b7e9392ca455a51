import { useState } from 'react';
import { Alert, Button, Fieldset, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { BULK_COLUMNS, type BulkColumnGroup, type BulkRow, type BulkRowValues } from '@envios/contracts/bulk';
import { useUpdateBulkRow } from '../api/update-bulk-row';

const GROUPS: { group: BulkColumnGroup; legend: string }[] = [
  { group: 'origen', legend: 'Origen' },
  { group: 'destino', legend: 'Destino' },
  { group: 'paquete', legend: 'Paquete' },
  { group: 'envio', legend: 'Envío' },
];

/** The header without its group's prefix: «Destino: código postal» → «Código postal». */
function shortLabel(header: string): string {
  const part = header.includes(':') ? header.split(':').slice(1).join(':').trim() : header;
  return part.charAt(0).toUpperCase() + part.slice(1);
}

function RowForm({ uploadId, row, onDone }: { uploadId: string; row: BulkRow; onDone: (after: BulkRow) => void }) {
  const update = useUpdateBulkRow();
  const [values, setValues] = useState<BulkRowValues>(row.values as BulkRowValues);
  const [result, setResult] = useState<BulkRow>(row);
  const errorOf = (key: string) => result.errors.find((e) => e.field === key)?.message;
  const rowError = result.errors.find((e) => e.field === 'fila')?.message;

  async function submit() {
    const after = await update.mutateAsync({ id: uploadId, row: row.row, data: { values } });
    setResult(after);
    if (after.status !== 'invalid') onDone(after);
  }

  return (
    <form
      noValidate
      aria-label={`Corregir la fila ${row.row}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit().catch(() => undefined);
      }}
    >
      <Stack>
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        )}
        {result.status === 'invalid' && result !== row && (
          <Alert color="orange" variant="light" role="alert">
            La fila todavía tiene errores: revisa los campos marcados.
          </Alert>
        )}
        {rowError && (
          <Alert color="red" variant="light" role="alert">
            {rowError}
          </Alert>
        )}
        {GROUPS.map(({ group, legend }) => (
          <Fieldset key={group} legend={legend} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {BULK_COLUMNS.filter((c) => c.group === group).map((c) => (
                <TextInput
                  key={c.key}
                  label={shortLabel(c.header)}
                  description={c.help}
                  inputWrapperOrder={['label', 'input', 'error', 'description']}
                  value={values[c.key] ?? ''}
                  error={errorOf(c.key)}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((v) => ({ ...v, [c.key]: value }));
                  }}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Guardar y revisar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** «Corregir»: a bad row's cells, each error on its field, checked and quoted again on save. */
export function BulkRowModal({
  uploadId,
  row,
  onClose,
  onFixed,
}: {
  uploadId: string;
  row: BulkRow | null;
  onClose: () => void;
  onFixed: (row: BulkRow) => void;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `Corregir la fila ${row.row}` : ''} size="xl">
      {row && <RowForm key={row.row} uploadId={uploadId} row={row} onDone={onFixed} />}
    </Modal>
  );
}
