import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { Alert, Button, Center, Group, Loader, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { z } from 'zod';
import {
  ADDRESS_TEXT_MAX,
  HOUSE_NUMBER_MAX,
  PHONE_MAX,
  STREET_MAX,
  savedLocationFormSchema,
  stateAndCity,
  type SavedLocation,
} from '@envios/contracts/addresses';
import { DEFAULT_COUNTRY } from '@envios/contracts/geography';
import type { PostalCodeField } from '@/components/ui/form/geography-fields';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useCreateSavedLocation } from '../api/create-saved-location';
import { useSavedLocation } from '../api/get-saved-location';
import { usePostalCodeColonies } from '../api/get-postal-code-colonies';
import { useUpdateSavedLocation } from '../api/update-saved-location';

/** The form types the street and both numbers apart (`address` is the street here). */
type FormInput = z.input<typeof savedLocationFormSchema>;

/** What a postal-code pick gives the form (a geography suggestion fits it as is). */
export interface PostalCodePick {
  postal_code: string;
  /** The colonia; '' when the code has several and none was chosen yet. */
  place_name: string;
  city: string;
  municipality?: string;
  state: string;
  state_short: string;
}

/** Every field of the contract empty, and Mexico: a new address. */
const empty: FormInput = {
  ...(Object.fromEntries(Object.keys(savedLocationFormSchema.shape).map((k) => [k, ''])) as FormInput),
  country_code: DEFAULT_COUNTRY,
};

function valuesOf(l: SavedLocation): FormInput {
  return {
    name: l.name,
    email: l.email,
    phone: l.phone,
    address: l.street,
    number: l.number,
    intNumber: l.intNumber,
    reference_of_origin: l.reference_of_origin,
    colony: l.colony,
    postal_code: l.postal_code,
    city: l.city,
    state_code: l.state_code,
    country_code: l.country_code || DEFAULT_COUNTRY,
  };
}

const fieldNames = new Set<string>(Object.keys(empty));

interface AddressFormProps {
  location: SavedLocation | null;
  onCancel: () => void;
  onSaved: (location: SavedLocation, created: boolean) => void;
  /** The geography feature's postal-code box, plugged in by the route. */
  PostalCodeField: PostalCodeField;
}

/**
 * A saved address: name, phone, e-mail, street, exterior number and postal code
 * required; interior and reference optional; colony (among the code's colonias), city and country
 * come from the postal-code pick and are not typed.
 */
function AddressForm({ location, onCancel, onSaved, PostalCodeField }: AddressFormProps) {
  const create = useCreateSavedLocation();
  const update = useUpdateSavedLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(savedLocationFormSchema, {
    // Checked on 'Guardar', then again as the person types: a message appearing when a field
    // loses focus would push 'Guardar' down under the pointer and swallow the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: location ? valuesOf(location) : empty,
  });
  const { errors } = form.formState;
  const [postalCode = '', country = DEFAULT_COUNTRY, colony = '', city = ''] = useWatch({
    control: form.control,
    name: ['postal_code', 'country_code', 'colony', 'city'],
  });

  const colonies = usePostalCodeColonies(country, postalCode);
  const colonyOptions = useMemo(() => {
    const names = new Set(
      (colonies.data ?? [])
        .filter((s) => s.postal_code === postalCode)
        .map((s) => s.place_name)
        .filter(Boolean),
    );
    if (colony) names.add(colony);
    return [...names].sort((a, b) => a.localeCompare(b, 'es'));
  }, [colonies.data, postalCode, colony]);

  // A code with a single colonia fills it without asking.
  useEffect(() => {
    if (colony === '' && colonyOptions.length === 1) form.setValue('colony', colonyOptions[0]!, { shouldValidate: true });
  }, [colony, colonyOptions, form]);

  const pickPostalCode = (pick: PostalCodePick | null) => {
    const opts = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
    form.setValue('postal_code', pick?.postal_code ?? '', opts);
    form.setValue('colony', pick?.place_name ?? '', opts);
    form.setValue('city', pick ? stateAndCity(pick) : '', opts);
    form.setValue('state_code', pick?.state_short ?? '', { shouldDirty: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    // Sent with the parts named (`street`, `number`, `intNumber`); the API also takes the spec's joined line.
    const { address: street, ...rest } = values;
    const data = { ...rest, street };
    try {
      const saved = location ? await update.mutateAsync({ id: location._id, data }) : await create.mutateAsync(data);
      onSaved(saved, !location);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.errors?.length) {
        for (const e of error.body.errors) {
          const path = e.path === 'street' ? 'address' : e.path;
          if (fieldNames.has(path)) form.setError(path as FieldPath<FormInput>, { message: e.message });
        }
      }
      setFailure(error instanceof Error ? error.message : 'No pudimos guardar la dirección. Intenta de nuevo.');
    }
  });

  const saving = create.isPending || update.isPending;
  const colonyError = errors.colony?.message ?? (colonies.isError ? 'No pudimos cargar las colonias de este código postal. Intenta de nuevo.' : undefined);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={location ? 'Editar dirección' : 'Nueva dirección'}>
      <Stack>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="Nombre" required maxLength={ADDRESS_TEXT_MAX} data-autofocus {...form.register('name')} error={errors.name?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Correo electrónico" type="email" required autoComplete="email" {...form.register('email')} error={errors.email?.message} />
          <TextInput
            label="Teléfono"
            type="tel"
            inputMode="numeric"
            required
            autoComplete="tel"
            maxLength={PHONE_MAX}
            {...form.register('phone')}
            error={errors.phone?.message}
          />
        </SimpleGrid>
        <TextInput label="Calle" required maxLength={STREET_MAX} autoComplete="address-line1" {...form.register('address')} error={errors.address?.message} />
        <SimpleGrid cols={2}>
          <TextInput label="Número exterior" required maxLength={HOUSE_NUMBER_MAX} {...form.register('number')} error={errors.number?.message} />
          <TextInput label="Número interior" maxLength={HOUSE_NUMBER_MAX} {...form.register('intNumber')} error={errors.intNumber?.message} />
        </SimpleGrid>
        <TextInput label="Referencia" maxLength={ADDRESS_TEXT_MAX} {...form.register('reference_of_origin')} error={errors.reference_of_origin?.message} />
        <PostalCodeField
          label="Código postal"
          listLabel="Código postal"
          country={country}
          value={postalCode}
          onChange={pickPostalCode}
          onBlur={() => void form.trigger('postal_code')}
          error={errors.postal_code?.message}
          required
          name="postal_code"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="colony"
            render={({ field }) => (
              <Select
                label="Colonia"
                required
                placeholder={postalCode ? 'Elige la colonia' : 'Primero elige el código postal'}
                data={colonyOptions}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={postalCode === ''}
                rightSection={colonies.isFetching ? <Loader size={16} aria-hidden /> : undefined}
                allowDeselect={false}
                nothingFoundMessage="Sin colonias para este código postal"
                error={colonyError}
              />
            )}
          />
          <TextInput label="Ciudad" description="Estado, ciudad: se llena con el código postal." value={city} readOnly required error={errors.city?.message} />
        </SimpleGrid>
        <TextInput label="País" value={country === DEFAULT_COUNTRY ? 'México' : country} readOnly />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditAddress({ id, ...rest }: Omit<AddressFormProps, 'location'> & { id: string }) {
  const location = useSavedLocation(id);
  if (location.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando la dirección" />
      </Center>
    );
  }
  if (location.isError) {
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert">
          {location.error.message}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={rest.onCancel}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    );
  }
  return <AddressForm key={location.data._id} location={location.data} {...rest} />;
}

export interface AddressModalProps {
  opened: boolean;
  /** null for a new address (empty, country MX); otherwise the id of the address to edit, loaded by id. */
  addressId: string | null;
  onClose: () => void;
  onSaved: (location: SavedLocation, created: boolean) => void;
  /** The postal-code box with suggestions (the geography feature's, composed by the page). */
  /** The geography feature's postal-code box, plugged in by the route. */
  PostalCodeField: PostalCodeField;
}

/** The address modal: new or edit; saving creates or updates and hands the result back. */
export function AddressModal({ opened, addressId, onClose, onSaved, PostalCodeField }: AddressModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={addressId ? 'Editar dirección' : 'Nueva dirección'} centered size="lg">
      {opened &&
        (addressId ? (
          <EditAddress id={addressId} onCancel={onClose} onSaved={onSaved} PostalCodeField={PostalCodeField} />
        ) : (
          <AddressForm location={null} onCancel={onClose} onSaved={onSaved} PostalCodeField={PostalCodeField} />
        ))}
    </Modal>
  );
}
