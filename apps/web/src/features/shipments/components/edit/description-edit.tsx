import { z } from 'zod';
import { Stack, TextInput } from '@mantine/core';
import { DESCRIPTION_MAX, descriptionSchema, type Shipment } from '@envios/contracts/shipments';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { EditActions, EditFrame } from './edit-frame';
import { useSaveEdit } from './use-save-edit';

const descriptionFormSchema = z.object({ description_of_the_content: descriptionSchema });

/** /shipments/{id}/edit/description 'Que estás enviando?': one field, 'Aplicar Cambios', then back one page. */
export function DescriptionEdit({ shipment }: { shipment: Shipment }) {
  const edit = useSaveEdit(shipment);
  const form = useZodForm(descriptionFormSchema, {
    mode: 'onTouched',
    defaultValues: { description_of_the_content: shipment.description_of_the_content },
  });

  return (
    <EditFrame title="Que estás enviando?" shipment={shipment} failure={edit.failure}>
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => edit.save(values, 'back'))(event)}>
        <Stack gap="lg">
          <TextInput
            label="Descripción del contenido"
            description="Por ejemplo: ropa, documentos, refacciones."
            required
            maxLength={DESCRIPTION_MAX}
            {...form.register('description_of_the_content')}
            error={form.formState.errors.description_of_the_content?.message}
          />
          <EditActions shipment={shipment} saving={edit.saving} />
        </Stack>
      </form>
    </EditFrame>
  );
}
