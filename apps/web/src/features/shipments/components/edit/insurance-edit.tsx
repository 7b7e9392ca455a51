import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ADDRESS_TEXT_MAX } from '@envios/contracts/addresses';
import { insuranceInformationSchema, type Shipment } from '@envios/contracts/shipments';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { EditActions, EditFrame, mxn } from './edit-frame';
import { useSaveEdit } from './use-save-edit';
import { asNumber } from '@/components/ui/form/to-number';

const details = insuranceInformationSchema.omit({ cost: true });
const insuranceFormSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('no') }),
  z.object({ choice: z.literal('yes'), insurance_information: details }),
]);
type InsuranceForm = z.output<typeof insuranceFormSchema>;

/**
 * /shipments/{id}/edit/insurance 'Asegura tu envío': no extra insurance, or the package value,
 * who answers for it and their mail. The cost is the server's to compute; then back one page.
 */
export function InsuranceEdit({ shipment }: { shipment: Shipment }) {
  const edit = useSaveEdit(shipment);
  const info = shipment.insurance_information;
  const form = useZodForm(insuranceFormSchema, {
    mode: 'onTouched',
    defaultValues:
      shipment.package_insurance && info
        ? {
            choice: 'yes',
            insurance_information: {
              package_value: info.package_value,
              responsible_for_the_package: info.responsible_for_the_package,
              mail_responsible: info.mail_responsible,
            },
          }
        : { choice: 'no' },
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  const errors = (
    form.formState.errors as {
      insurance_information?: Partial<Record<'package_value' | 'responsible_for_the_package' | 'mail_responsible', { message?: string }>>;
    }
  ).insurance_information;

  function submit(values: InsuranceForm) {
    if (values.choice === 'no') return edit.save({ package_insurance: false, insurance_information: null }, 'back');
    return edit.save({ package_insurance: true, insurance_information: values.insurance_information }, 'back');
  }

  return (
    <EditFrame title="Asegura tu envío" shipment={shipment} failure={edit.failure}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="lg">
          <Alert color="blue" variant="light">
            Las paqueterías cubren hasta MX$2,000.00 con garantía limitada (no cubre robo ni riesgos de tránsito). Te recomendamos contratar un seguro
            adicional.
          </Alert>
          <Radio.Group label="Seguro" value={choice} onChange={(v) => form.setValue('choice', v, { shouldDirty: true })}>
            <Stack gap="xs" mt={6}>
              <Radio value="no" label="Sin seguro adicional" />
              <Radio value="yes" label="Con seguro adicional" />
            </Stack>
          </Radio.Group>
          {choice === 'yes' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                label="Valor del paquete (MXN)"
                required
                {...form.register('insurance_information.package_value', asNumber)}
                error={errors?.package_value?.message}
              />
              <TextInput
                label="Responsable del paquete"
                required
                maxLength={ADDRESS_TEXT_MAX}
                {...form.register('insurance_information.responsible_for_the_package')}
                error={errors?.responsible_for_the_package?.message}
              />
              <TextInput
                type="email"
                label="Correo de contacto"
                required
                maxLength={254}
                {...form.register('insurance_information.mail_responsible')}
                error={errors?.mail_responsible?.message}
              />
              <TextInput
                label="Costo del seguro"
                readOnly
                value={shipment.package_insurance && info?.cost !== undefined ? mxn(info.cost) : 'Se calcula al aplicar los cambios'}
                description={shipment.package_insurance ? 'Si cambias el valor, el costo se calcula de nuevo al aplicar.' : undefined}
              />
            </SimpleGrid>
          )}
          <Text size="sm" c="dimmed">
            El total del envío se actualiza con el costo del seguro.
          </Text>
          <EditActions shipment={shipment} saving={edit.saving} />
        </Stack>
      </form>
    </EditFrame>
  );
}
