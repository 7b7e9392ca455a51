import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Autocomplete, Loader, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { rfcHint, taxInformationSchema, type User } from '@envios/contracts/accounts';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { useSubmitFailure } from '@/components/ui/form/failure-alert';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { stateCity, TAX_POSTAL_MIN, useTaxPostalCodes } from '../api/search-tax-postal-codes';
import { useUpdateUser } from '../api/update-user';

type TaxValues = {
  name: string;
  rfc: string;
  phone: string;
  address: string;
  colony: string;
  postal_code: string;
  state_city: string;
};

const empty: TaxValues = { name: '', rfc: '', phone: '', address: '', colony: '', postal_code: '', state_city: '' };

export interface TaxModalProps {
  user: User;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function optionLabel(s: PostalSuggestion): string {
  return `${s.postal_code} - ${s.place_name} - ${s.city}`;
}

/**
 * The tax form: holder, RFC (4 letters, 6 digits, 3 characters), phone, street and number,
 * colony, postal code and 'state, city', which the postal lookup (4 digits or more) fills in.
 */
function TaxForm({ user, onClose, onSaved }: Omit<TaxModalProps, 'opened'>) {
  const update = useUpdateUser();
  const { failure, attempt } = useSubmitFailure();
  const form = useZodForm<typeof taxInformationSchema, TaxValues>(taxInformationSchema, {
    mode: 'onTouched',
    defaultValues: user.taxInformation ?? { ...empty, name: `${user.firstName} ${user.lastName}`, phone: user.phone },
  });
  const { errors } = form.formState;
  const postal = useWatch({ control: form.control, name: 'postal_code' }) ?? '';
  const [search] = useDebouncedValue(postal.trim(), 200);
  const lookup = useTaxPostalCodes(search);
  const suggestions = useMemo(() => {
    const seen = new Map<string, PostalSuggestion>();
    if (/^\d{4,5}$/.test(search)) for (const s of lookup.data ?? []) if (!seen.has(optionLabel(s))) seen.set(optionLabel(s), s);
    return seen;
  }, [lookup.data, search]);

  // A complete code with a single city fills 'state, city' without a pick.
  useEffect(() => {
    if (!/^\d{5}$/.test(search) || suggestions.size === 0) return;
    const cities = new Set([...suggestions.values()].filter((s) => s.postal_code === search).map(stateCity));
    if (cities.size === 1) form.setValue('state_city', [...cities][0]!, { shouldValidate: true });
  }, [search, suggestions, form]);

  const pick = (label: string) => {
    const s = suggestions.get(label);
    if (!s) return;
    form.setValue('postal_code', s.postal_code, { shouldValidate: true });
    form.setValue('colony', s.place_name, { shouldValidate: true });
    form.setValue('state_city', stateCity(s), { shouldValidate: true });
  };

  const onSubmit = form.handleSubmit((values) =>
    attempt(async () => {
      await update.mutateAsync({ id: user._id, data: { taxInformation: values } });
      onSaved();
    }, 'No se pudo guardar la información fiscal.'),
  );

  return (
    <ModalForm onSubmit={onSubmit} failure={failure} submitLabel="Guardar" pending={update.isPending} onCancel={onClose}>
      <TextInput label="Titular" required {...form.register('name')} error={errors.name?.message} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="RFC"
          required
          maxLength={13}
          description="4 letras, 6 dígitos y 3 caracteres"
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.register('rfc')}
          error={errors.rfc?.message === rfcHint ? rfcHint : errors.rfc?.message}
        />
        <TextInput label="Teléfono" type="tel" inputMode="numeric" required maxLength={10} {...form.register('phone')} error={errors.phone?.message} />
      </SimpleGrid>
      <TextInput label="Calle y número" required {...form.register('address')} error={errors.address?.message} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="postal_code"
          render={({ field }) => (
            <Autocomplete
              label="Código postal"
              required
              inputMode="numeric"
              maxLength={5}
              description={`Escribe ${TAX_POSTAL_MIN} dígitos o más para buscarlo`}
              data={[...suggestions.keys()]}
              value={field.value}
              onChange={(value) => {
                field.onChange(value.replace(/\D/g, '').slice(0, 5));
                if (suggestions.has(value)) pick(value);
              }}
              onOptionSubmit={pick}
              onBlur={field.onBlur}
              ref={field.ref}
              rightSection={lookup.isFetching ? <Loader size="xs" /> : null}
              error={errors.postal_code?.message}
            />
          )}
        />
        <TextInput label="Colonia" required {...form.register('colony')} error={errors.colony?.message} />
      </SimpleGrid>
      <TextInput
        label="Estado y ciudad"
        required
        readOnly
        description="Se llena con el código postal"
        {...form.register('state_city')}
        error={errors.state_city?.message}
      />
</ModalForm>
  );
}

export function TaxModal({ opened, onClose, ...rest }: TaxModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Información fiscal" centered size="lg">
      <TaxForm onClose={onClose} {...rest} />
    </Modal>
  );
}
