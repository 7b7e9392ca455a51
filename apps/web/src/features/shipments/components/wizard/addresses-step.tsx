import { memo, useEffect, useMemo, useState } from 'react';
import { FormProvider, useWatch, type FieldPath } from 'react-hook-form';
import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DESCRIPTION_MAX, offersLocalPickup, shipmentErrorCodes } from '@envios/contracts/shipments';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import type { QuoteRequest } from '@envios/contracts/quotes';
import type { PlatformId } from '@envios/contracts/integrations';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@/components/ui/icons';
import { ApiRequestError } from '@/lib/api-client';
import { useCreateShipments, type CreateShipmentsAnswer } from '../../api/create-shipments';
import { useOverweightOwed } from '../../api/get-overweight';
import { newIdempotencyKey } from '../../utils/idempotency-key';
import { addressesStepSchema, buildCreateShipmentBody, totalWeightKg, type AddressesStepInput, type AddressesStepValues } from '../../utils/shipment-body';
import type { AddressesDraft, ChosenService } from '../../utils/wizard-state';
import { AddressFieldset } from '../address-fieldset';
import { ShipmentSummary } from '../shipment-summary';
import type { NewShipmentSlots } from './wizard-slots';
import classes from './wizard.module.css';

/** 409 answers that mean "the price or the service no longer holds: choose again". */
const CHOOSE_AGAIN_CODES: readonly string[] = [shipmentErrorCodes.priceChanged, shipmentErrorCodes.requoteRequired, shipmentErrorCodes.serviceUnavailable];

export interface AddressesStepProps {
  quote: QuoteRequest;
  service: ChosenService;
  /** What was typed before; read when the step opens (later changes to it are ignored). */
  draft: AddressesDraft;
  /** The caller, for the overweight owed. */
  userId: string;
  /** The store order this shipment is for, if any. */
  ecommerceOrder?: { id: string; platform: PlatformId } | null;
  /** `dashboard`: POST /shipments; `home`: POST /shipments/home. */
  createFrom: 'dashboard' | 'home';
  /** The key kept for this body until it succeeds, if an earlier try did not. */
  attempt: { key: string; body: string } | null;
  slots: Pick<NewShipmentSlots, 'lookupColonies'>;
  /** Hint under the locked postal codes (where to change them). */
  postalCodeHint: string;
  onDraft: (draft: AddressesDraft) => void;
  onAttempt: (attempt: { key: string; body: string }) => void;
  onCreated: (answer: CreateShipmentsAnswer) => void;
  /** The server refused the price or the service: back to the service step with this message. */
  onChooseServiceAgain: (message: string) => void;
  onPrevious: () => void;
}

const FORM_FIELDS = ['origin_direction', 'destination_direction', 'description_of_the_content', 'insurance'];

/**
 * Step 3 'Ingresar direcciones': both addresses, the content, 'Guardar dirección'
 * per side, local pickup from Guadalajara, and the side summary. 'Siguiente' creates the
 * shipments (unpaid) with an idempotency key, so a retried click never buys twice.
 */
function AddressesStepForm({
  quote,
  service,
  draft,
  userId,
  ecommerceOrder,
  createFrom,
  attempt,
  slots,
  postalCodeHint,
  onDraft,
  onAttempt,
  onCreated,
  onChooseServiceAgain,
  onPrevious,
}: AddressesStepProps) {
  const insured = quote.insured_value !== undefined;
  const schema = useMemo(() => addressesStepSchema(insured), [insured]);
  const form = useZodForm(schema, { mode: 'onTouched', defaultValues: draft });
  const { control, register, setValue, getValues, formState, setError } = form;
  const create = useCreateShipments();
  const overweight = useOverweightOwed(userId);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // Every change is kept, so a reload of the page loses nothing typed.
    return form.subscribe({ formState: { values: true }, callback: () => onDraft(getValues() as AddressesDraft) });
  }, [form, getValues, onDraft]);

  // Only what the summary and the pickup box need: typing a name re-renders just that field.
  const [originCity, localPickup, originCode, destinationCode, destinationCity] = useWatch({
    control,
    name: ['origin_direction.city', 'local_pickup', 'origin_direction.postal_code', 'destination_direction.postal_code', 'destination_direction.city'],
  });
  const pickupOffered = offersLocalPickup(originCity ?? '');
  useEffect(() => {
    if (!pickupOffered && localPickup) setValue('local_pickup', false);
  }, [pickupOffered, localPickup, setValue]);

  async function submit(values: AddressesStepValues) {
    setFailure(null);
    const body = buildCreateShipmentBody({ quote, service: service.option, addresses: values, ecommerceOrder });
    const bodyText = JSON.stringify(body);
    // One key per body until it succeeds: a retry of the same purchase is recognised by the server.
    const key = attempt && attempt.body === bodyText ? attempt.key : newIdempotencyKey();
    onAttempt({ key, body: bodyText });
    try {
      onCreated(await create.mutateAsync({ body, idempotencyKey: key, from: createFrom }));
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.status === 409 && CHOOSE_AGAIN_CODES.includes(error.body.code)) {
          onChooseServiceAgain(error.body.message);
          return;
        }
        if (error.body.code === shipmentErrorCodes.idempotencyConflict) {
          // The key no longer fits this purchase: the next try goes with a new one.
          onAttempt({ key: newIdempotencyKey(), body: bodyText });
          setFailure('No pudimos confirmar tu envío. Presiona «Siguiente» de nuevo.');
          return;
        }
        for (const issue of error.body.errors ?? []) {
          if (FORM_FIELDS.some((f) => issue.path === f || issue.path.startsWith(`${f}.`))) {
            setError(issue.path as FieldPath<AddressesStepInput>, { type: 'server', message: issue.message });
          }
        }
        setFailure(error.body.message);
      } else {
        setFailure('No pudimos crear tu envío: revisa tu conexión e intenta de nuevo. Lo que escribiste sigue aquí.');
      }
    }
  }

  const onSubmit = form.handleSubmit(submit);
  const submitting = formState.isSubmitting || create.isPending;

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Direcciones del envío">
        <div className={classes.layout}>
          <Stack gap="lg">
            <AddressFieldset side="origin" name="origin_direction" lookupColonies={slots.lookupColonies} lockedPostalCodeHint={postalCodeHint}>
              <Stack gap={6} mt="md">
                <Checkbox label="Guardar dirección" description="Guarda el origen en tus direcciones." {...register('save_origin')} />
                {pickupOffered && (
                  <Checkbox
                    label="Solicitar recolección local"
                    description="Pasamos por tu paquete en Guadalajara después del pago."
                    {...register('local_pickup')}
                  />
                )}
              </Stack>
            </AddressFieldset>
            <AddressFieldset side="destination" name="destination_direction" lookupColonies={slots.lookupColonies} lockedPostalCodeHint={postalCodeHint}>
              <Checkbox mt="md" label="Guardar dirección" description="Guarda el destino en tus direcciones." {...register('save_destination')} />
            </AddressFieldset>
            <Fieldset legend="Contenido" radius="md">
              <TextInput
                label="Descripción del contenido"
                description="Por ejemplo: ropa, documentos, refacciones."
                required
                maxLength={DESCRIPTION_MAX}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={formState.errors.description_of_the_content?.message}
                {...register('description_of_the_content')}
              />
            </Fieldset>
            {insured && (
              <Fieldset legend="Asegura tu envío" radius="md">
                <Text size="sm" c="dimmed" mb="sm">
                  Valor asegurado: {formatMXN(toCentavos(quote.insured_value ?? 0))}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Responsable del paquete"
                    required
                    maxLength={35}
                    error={formState.errors.insurance?.responsible_for_the_package?.message}
                    {...register('insurance.responsible_for_the_package')}
                  />
                  <TextInput
                    label="Correo de contacto"
                    type="email"
                    required
                    error={formState.errors.insurance?.mail_responsible?.message}
                    {...register('insurance.mail_responsible')}
                  />
                </SimpleGrid>
              </Fieldset>
            )}
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="No pudimos crear tu envío">
                {failure}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onPrevious} disabled={submitting}>
                Anterior
              </Button>
              <Button type="submit" rightSection={<IconArrowRight size={16} />} loading={submitting}>
                Siguiente
              </Button>
            </Group>
          </Stack>
          <div className={classes.aside}>
            <ShipmentSummary
              service={service.option}
              origin={{ postal_code: originCode ?? quote.origin_direction.postal_code, city: originCity ?? '' }}
              destination={{ postal_code: destinationCode ?? quote.destination_direction.postal_code, city: destinationCity ?? '' }}
              totalWeightKg={totalWeightKg(quote)}
              guides={quote.cantidadGuias}
              overweight={overweight.isError ? null : overweight.data}
            />
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

/** The wizard keeps every keystroke in `draft`; the form already holds it, so that alone never re-renders the step. */
export const AddressesStep = memo(AddressesStepForm, (before, after) =>
  (Object.keys(after) as (keyof AddressesStepProps)[]).every((key) => key === 'draft' || Object.is(before[key], after[key])),
);
