import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { CONTACT_COMPANY_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactFormSchema, contactMessages } from '@envios/contracts/contact';
import { ApiRequestError } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';

export interface ContactFormDefaults {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  web?: string;
}

export interface ContactFormProps {
  /** A signed-in person's profile fills the form. */
  defaults?: ContactFormDefaults;
  /** After the message is stored (to /shipments when signed in, /thank-page otherwise). */
  onSent: () => void;
}

const offScreen = { position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' } as const;

/**
 * 'Ponte en contacto con nosotros': every field required; the monthly shipments appear only when
 * the person already ships. Checked with the same schema the server applies.
 */
export function ContactForm({ defaults = {}, onSent }: ContactFormProps) {
  const hydrated = useHydrated();
  const send = useSendContactMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(contactFormSchema, {
    mode: 'onTouched',
    defaultValues: {
      first_name: defaults.first_name ?? '',
      last_name: defaults.last_name ?? '',
      company_name: '',
      email: defaults.email ?? '',
      phone: defaults.phone ?? '',
      web: defaults.web ?? '',
      message: '',
      number_shipment: '',
      website: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const shipping = useWatch({ control: form.control, name: 'already_shipping' }) === '1';

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { already_shipping, number_shipment, ...rest } = values;
    try {
      await send.mutateAsync({ ...rest, number_shipment: already_shipping === '1' ? number_shipment : null });
      onSent();
    } catch (error) {
      // A refused field or the hourly limit says why; anything else is the spec's alert.
      const known = error instanceof ApiRequestError && (error.status === 400 || error.status === 429);
      setFailure(known ? error.body.message : contactMessages.sendFailed);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Ponte en contacto con nosotros">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" title="No se envió tu mensaje">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nombre"
            autoComplete="given-name"
            required
            maxLength={CONTACT_NAME_MAX}
            {...form.register('first_name')}
            error={errors.first_name?.message}
          />
          <TextInput
            label="Apellidos"
            autoComplete="family-name"
            required
            maxLength={CONTACT_NAME_MAX}
            {...form.register('last_name')}
            error={errors.last_name?.message}
          />
        </SimpleGrid>
        <TextInput
          label="Empresa"
          autoComplete="organization"
          required
          maxLength={CONTACT_COMPANY_MAX}
          {...form.register('company_name')}
          error={errors.company_name?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Correo electrónico" type="email" autoComplete="email" required {...form.register('email')} error={errors.email?.message} />
          <TextInput label="Teléfono" type="tel" inputMode="tel" autoComplete="tel" required {...form.register('phone')} error={errors.phone?.message} />
        </SimpleGrid>
        <TextInput
          label="Sitio web o red social"
          description="Por ejemplo mitienda.mx o tu página de Facebook"
          inputMode="url"
          autoComplete="url"
          required
          {...form.register('web')}
          error={errors.web?.message}
        />
        <Controller
          control={form.control}
          name="already_shipping"
          render={({ field }) => (
            <Radio.Group
              label="¿Ya estás haciendo envíos?"
              required
              value={field.value ?? null}
              onChange={(v) => field.onChange(v)}
              error={errors.already_shipping?.message}
            >
              <Group mt={6} gap="xl">
                <Radio value="1" label="Sí" onBlur={field.onBlur} />
                <Radio value="0" label="No, todavía no" onBlur={field.onBlur} />
              </Group>
            </Radio.Group>
          )}
        />
        {shipping && (
          <TextInput
            label="¿Cuántos envíos haces al mes?"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            {...form.register('number_shipment')}
            error={errors.number_shipment?.message}
          />
        )}
        <Textarea
          label="Comentarios"
          description="Cuéntanos qué necesitas: volumen, destinos, dudas de un envío…"
          required
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          {...form.register('message')}
          error={errors.message?.message}
        />
        {/* Only bots see and fill this box; the server then keeps nothing. */}
        <div style={offScreen} aria-hidden="true">
          <label>
            No llenes este campo
            <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </label>
        </div>
        <Group justify="flex-end">
          {/* Prerendered: until the page's code runs, the browser would send the form itself, with
              what was typed in the address (a GET); the button waits for the code instead. */}
          <Button type="submit" size="md" loading={isSubmitting} disabled={!hydrated}>
            Enviar mensaje
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
