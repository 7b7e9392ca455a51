import { useState } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DESCRIPTION_MAX } from '@envios/contracts/shipments';
import { DOCUMENT_PRESET } from '@envios/contracts/quotes';
import {
  PARCEL_TEMPLATE_NAME_MAX,
  packageTypeLabels,
  parcelTemplateInputSchema,
  type ParcelTemplate,
  type ParcelTemplateInput,
} from '@envios/contracts/parcels';
import { ModalForm } from '@/components/ui/form/modal-form';
import { NumberField } from '@/components/ui/form/number-field';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useCreateParcelTemplate } from '../api/create-parcel-template';
import { useUpdateParcelTemplate } from '../api/update-parcel-template';

const FIELDS = new Set(['name', 'shipment_type', 'width', 'depth', 'height', 'weight', 'description', 'insured_value']);

function valuesOf(t: ParcelTemplate | null): ParcelTemplateInput {
  if (!t) return { name: '', shipment_type: 'box', weight: undefined as unknown as number, description: '', insured_value: null };
  return {
    name: t.name,
    shipment_type: t.shipment_type,
    width: t.width,
    depth: t.depth,
    height: t.height,
    weight: t.weight,
    description: t.description,
    insured_value: t.insured_value,
  };
}

function TemplateForm({
  template,
  onCancel,
  onSaved,
}: {
  template: ParcelTemplate | null;
  onCancel: () => void;
  onSaved: (t: ParcelTemplate, created: boolean) => void;
}) {
  const create = useCreateParcelTemplate();
  const update = useUpdateParcelTemplate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(parcelTemplateInputSchema, { mode: 'onTouched', defaultValues: valuesOf(template) });
  const type = useWatch({ control: form.control, name: 'shipment_type' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      const saved = template ? await update.mutateAsync({ id: template._id, data }) : await create.mutateAsync(data);
      onSaved(saved, !template);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.errors?.length) {
        for (const e of error.body.errors) if (FIELDS.has(e.path)) form.setError(e.path as FieldPath<ParcelTemplateInput>, { message: e.message });
      }
      setFailure(error instanceof Error ? error.message : 'No pudimos guardar el paquete.');
    }
  });
  return (
    <ModalForm
      onSubmit={submit}
      failure={failure}
      submitLabel="Guardar"
      pending={form.formState.isSubmitting}
      onCancel={onCancel}
      aria-label="Paquete guardado"
    >
      <TextInput
        label="Nombre"
        description="Con este nombre lo eliges en el asistente y en la plantilla de envíos masivos."
        maxLength={PARCEL_TEMPLATE_NAME_MAX}
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="shipment_type"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tipo-paquete">
              Tipo de envío
            </Text>
            <SegmentedControl
              aria-labelledby="tipo-paquete"
              value={field.value}
              onChange={(v) => field.onChange(v)}
              data={(['document', 'box', 'pallet'] as const).map((value) => ({ value, label: packageTypeLabels[value] }))}
            />
          </Stack>
        )}
      />
      {type === 'document' ? (
        <Text size="sm" c="dimmed">
          El sobre viaja con medidas fijas de {DOCUMENT_PRESET.width} × {DOCUMENT_PRESET.depth} × {DOCUMENT_PRESET.height} cm: solo indica su peso.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <NumberField form={form} name="width" label="Largo (cm)" required />
          <NumberField form={form} name="depth" label="Ancho (cm)" required />
          <NumberField form={form} name="height" label="Alto (cm)" required />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField form={form} name="weight" label="Peso (kg)" required />
        <NumberField form={form} name="insured_value" label="Valor asegurado (MXN)" description="Vacío: sin seguro." leftSection="$" />
      </SimpleGrid>
      <TextInput
        label="Contenido"
        description="Qué contiene, por ejemplo: ropa, documentos, refacciones."
        maxLength={DESCRIPTION_MAX}
        required
        error={errors.description?.message}
        {...form.register('description')}
      />
    </ModalForm>
  );
}

export function ParcelTemplateModal({
  opened,
  template,
  onClose,
  onSaved,
}: {
  opened: boolean;
  template: ParcelTemplate | null;
  onClose: () => void;
  onSaved: (t: ParcelTemplate, created: boolean) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={template ? 'Editar paquete' : 'Nuevo paquete'} size="lg">
      {opened && <TemplateForm key={template?._id ?? 'nuevo'} template={template} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
