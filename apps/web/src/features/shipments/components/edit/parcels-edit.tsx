import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button, Fieldset, Group, Radio, Stack, Text } from '@mantine/core';
import { MAX_GUIDES_PER_QUOTE, PACKAGE_TYPES, parcelSchema, type PackageType, type Parcel, type ParcelInput } from '@envios/contracts/quotes';
import { EDIT_DOCUMENT_PRESET, shipmentMessages, volumetricWeightRounded, type Shipment } from '@envios/contracts/shipments';
import { documentParcel, ParcelFields } from '@/components/ui/form/parcel-fields';
import { toNumber } from '@/components/ui/form/to-number';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { EditActions, EditFrame, ServiceStep } from './edit-frame';
import type { ShipmentEditSlots } from './edit-slots';
import { useRequoteStep } from './use-requote-step';
import { selectedServiceOf, useSaveEdit } from './use-save-edit';

const parcelsFormSchema = z
  .object({
    shipment_type: z.enum(PACKAGE_TYPES),
    parcels: z
      .array(parcelSchema)
      .min(1, { error: 'Agrega al menos un paquete.' })
      .max(MAX_GUIDES_PER_QUOTE, { error: `Puedes enviar como máximo ${MAX_GUIDES_PER_QUOTE} paquetes.` }),
  })
  .superRefine((v, ctx) => {
    if (v.shipment_type === 'document' && v.parcels.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'Un documento se envía como un solo paquete.' });
    }
  });
type ParcelsFormInput = z.input<typeof parcelsFormSchema>;
type ParcelsForm = z.output<typeof parcelsFormSchema>;

/** Documento, Paquete or Pallet. */
const TYPE_LABELS: Record<PackageType, string> = { document: 'Documento', box: 'Paquete', pallet: 'Pallet' };

const kg = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

function sameParcels(a: readonly Partial<ParcelInput>[], b: readonly Parcel[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const o = b[i]!;
      return toNumber(p.width) === o.width && toNumber(p.depth) === o.depth && toNumber(p.height) === o.height && toNumber(p.weight) === o.weight;
    })
  );
}

function ParcelsForm({
  shipment,
  defaults,
  saving,
  onSubmit,
}: {
  shipment: Shipment;
  defaults: ParcelsFormInput;
  saving: boolean;
  onSubmit: (values: ParcelsForm, changed: boolean) => void;
}) {
  const original = shipment.parcels;
  // Checked on submit: adding a parcel must not greet it with 'obligatorio' before anything is typed.
  const form = useZodForm(parcelsFormSchema, { mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: defaults });
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: 'parcels' });
  const [type, parcels] = useWatch({ control: form.control, name: ['shipment_type', 'parcels'] });
  const isDocument = type === 'document';
  const changed = type !== shipment.shipment_type || !sameParcels(parcels ?? [], original);
  const { errors } = form.formState;

  function chooseType(next: PackageType) {
    form.setValue('shipment_type', next, { shouldDirty: true });
    // A document is one parcel of the edit screens' fixed measures; only its weight is asked.
    if (next === 'document') replace([documentParcel(EDIT_DOCUMENT_PRESET, toNumber(form.getValues('parcels.0.weight'))) as ParcelInput]);
  }

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => onSubmit(values, values.shipment_type !== shipment.shipment_type || !sameParcels(values.parcels, original)))(event)
      }
    >
      <Stack gap="lg">
        <Radio.Group label="Tipo de envío" value={type} onChange={chooseType} required>
          <Group gap="lg" mt={6}>
            {PACKAGE_TYPES.map((t) => (
              <Radio key={t} value={t} label={TYPE_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>

        {fields.map((field, index) => {
          const p = parcels?.[index];
          const dims = p && [p.height, p.width, p.depth].every((d) => Number.isFinite(toNumber(d)));
          return (
            <Fieldset key={field.id} legend={`Paquete ${index + 1}`} radius="md">
              <ParcelFields form={form} path={`parcels.${index}`} isDocument={isDocument} documentMeasures="read-only" />
              <Group justify="space-between" mt="sm">
                <Text size="sm" c="dimmed">
                  {isDocument
                    ? `Documento: ${EDIT_DOCUMENT_PRESET.width} × ${EDIT_DOCUMENT_PRESET.depth} × ${EDIT_DOCUMENT_PRESET.height} cm, solo indica el peso.`
                    : dims
                      ? `Peso volumétrico: ${kg.format(volumetricWeightRounded({ height: Number(p.height), width: Number(p.width), depth: Number(p.depth) }))} kg`
                      : 'Peso volumétrico: alto × largo × ancho / 5000.'}
                </Text>
                {!isDocument && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    disabled={fields.length <= 1}
                    title={fields.length <= 1 ? 'El envío necesita al menos un paquete.' : undefined}
                    aria-label={`Quitar paquete ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    Quitar
                  </Button>
                )}
              </Group>
            </Fieldset>
          );
        })}
        {errors.parcels?.root?.message && (
          <Text c="red" size="sm" role="alert">
            {errors.parcels.root.message}
          </Text>
        )}
        {!isDocument && (
          <Button
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            disabled={fields.length >= MAX_GUIDES_PER_QUOTE}
            onClick={() => append({ width: undefined, depth: undefined, height: undefined, weight: undefined } as unknown as ParcelInput)}
          >
            Agregar paquete
          </Button>
        )}
        <EditActions shipment={shipment} saving={saving} label={changed ? 'Seleccionar Paquetería' : 'Aplicar Cambios'} />
      </Stack>
    </form>
  );
}

interface ParcelsChange {
  shipment_type: PackageType;
  parcels: Parcel[];
}

/**
 * /shipments/{id}/edit/parcels 'Cómo es el paquete que envías?': type, measures and weight,
 * parcels added or removed (never the last one); any change is re-quoted (step 2).
 */
export function ParcelsEdit({ shipment, slots }: { shipment: Shipment; slots: ShipmentEditSlots }) {
  const step = useRequoteStep<ParcelsChange>();
  const edit = useSaveEdit(shipment);

  if (step.open && step.pending) {
    const change = step.pending;
    return (
      <ServiceStep
        shipment={shipment}
        change={change}
        slots={slots}
        backHref={step.step1Href}
        intro={shipmentMessages.requoteRequired}
        failure={edit.failure}
        onChoose={(option) => edit.save({ ...change, selected_service: selectedServiceOf(option) }, 'detail')}
      />
    );
  }

  const defaults: ParcelsFormInput = step.pending ?? {
    shipment_type: shipment.shipment_type,
    parcels: shipment.parcels.map(({ height, width, depth, weight }) => ({ height, width, depth, weight })),
  };

  return (
    <EditFrame title="Cómo es el paquete que envías?" shipment={shipment} failure={edit.failure}>
      <ParcelsForm
        shipment={shipment}
        defaults={defaults}
        saving={edit.saving}
        onSubmit={(values, changed) => {
          edit.clearFailure();
          if (changed) step.start(values);
          else edit.leave('detail');
        }}
      />
    </EditFrame>
  );
}
