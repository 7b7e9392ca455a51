import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Autocomplete, Loader, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { taxInformationSchema, type User } from '@envios/contracts/accounts';
import type { PostalSuggestion } from '@envios/contracts/geography';
import { DEFAULT_USO_CFDI, REGIMENES_FISCALES, regimenAppliesTo, regimenesFor, usoAllowedFor, usosFor } from '@envios/contracts/sat/catalogs';
import { rfcKindOf } from '@envios/contracts/sat/rfc';
import { useSubmitFailure } from '@/components/ui/form/failure-alert';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { stateCity, TAX_POSTAL_MIN, useTaxPostalCodes } from '../api/search-tax-postal-codes';
import { useUpdateUser } from '../api/update-user';

type TaxValues = {
  name: string;
  rfc: string;
  tax_system: string;
  cfdi_use: string;
  email: string;
  phone: string;
  address: string;
  colony: string;
  postal_code: string;
  state_city: string;
};

const FIELDS = new Set<keyof TaxValues>(['name', 'rfc', 'tax_system', 'cfdi_use', 'email', 'phone', 'address', 'colony', 'postal_code', 'state_city']);

export interface TaxModalProps {
  user: User;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function optionLabel(s: PostalSuggestion): string {
  return `${s.postal_code} - ${s.place_name} - ${s.city}`;
}

function defaults(user: User): TaxValues {
  const tax = user.taxInformation;
  return {
    name: tax?.name ?? '',
    rfc: tax?.rfc ?? '',
    tax_system: tax?.tax_system ?? '',
    cfdi_use: tax?.cfdi_use ?? DEFAULT_USO_CFDI,
    email: tax?.email ?? user.email,
    phone: tax?.phone ?? user.phone,
    address: tax?.address ?? '',
    colony: tax?.colony ?? '',
    postal_code: tax?.postal_code ?? '',
    state_city: tax?.state_city ?? '',
  };
}

/**
 * The tax form, with what CFDI 4.0 checks: name without the capital regime, RFC (its kind picks the
 * regímenes offered), régimen, uso CFDI (only those the régimen allows; G03 by default), the
 * invoices' e-mail and the domicilio fiscal (the postal lookup, 4 digits or more, fills colony and
 * 'state, city'). The server's refusals land under their field.
 */
function TaxForm({ user, onClose, onSaved }: Omit<TaxModalProps, 'opened'>) {
  const update = useUpdateUser();
  const { failure, attempt } = useSubmitFailure();
  const form = useZodForm<typeof taxInformationSchema, TaxValues>(taxInformationSchema, { mode: 'onTouched', defaultValues: defaults(user) });
  const { errors } = form.formState;
  const [rfc, regimen, use] = useWatch({ control: form.control, name: ['rfc', 'tax_system', 'cfdi_use'] });
  const kind = rfcKindOf(rfc ?? '');
  const regimenOptions = useMemo(() => (kind ? regimenesFor(kind) : REGIMENES_FISCALES).map((r) => ({ value: r.key, label: `${r.key} ${r.label}` })), [kind]);
  const usoOptions = useMemo(() => (regimen ? usosFor(regimen, kind) : []).map((u) => ({ value: u.key, label: `${u.key} ${u.label}` })), [regimen, kind]);

  // A régimen of the other kind of taxpayer goes when the RFC says which kind it is; a use the new
  // régimen does not allow, too. An empty use (a régimen without G03 before) takes G03 again when allowed.
  useEffect(() => {
    if (kind && regimen && !regimenAppliesTo(regimen, kind)) form.setValue('tax_system', '');
  }, [kind, regimen, form]);
  useEffect(() => {
    if (!regimen || (use && usoAllowedFor(use, regimen, kind))) return;
    const next = usoAllowedFor(DEFAULT_USO_CFDI, regimen, kind) ? DEFAULT_USO_CFDI : '';
    if (next !== (use ?? '')) form.setValue('cfdi_use', next, { shouldValidate: Boolean(next) });
  }, [regimen, use, kind, form]);

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

  /** The server named a field of this form: its message goes under it. */
  const underField = (error: unknown): boolean => {
    if (!(error instanceof ApiRequestError)) return false;
    let placed = false;
    for (const e of error.body.errors ?? []) {
      const field = e.path.replace(/^taxInformation\./, '') as keyof TaxValues;
      if (FIELDS.has(field)) {
        form.setError(field, { message: e.message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    return placed;
  };

  const onSubmit = form.handleSubmit((values) =>
    attempt(
      async () => {
        await update.mutateAsync({ id: user._id, data: { taxInformation: values } });
        onSaved();
      },
      'No se pudo guardar la información fiscal.',
      underField,
    ),
  );

  return (
    <ModalForm onSubmit={onSubmit} failure={failure} submitLabel="Guardar" pending={update.isPending} onCancel={onClose}>
      <TextInput
        label="Nombre o razón social"
        required
        description="Como aparece en tu Constancia de Situación Fiscal y sin el régimen capital: «EMPRESA EJEMPLO», no «EMPRESA EJEMPLO S.A. DE C.V.»."
        styles={{ input: { textTransform: 'uppercase' } }}
        {...form.register('name')}
        error={errors.name?.message}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="RFC"
          required
          maxLength={15}
          description="12 caracteres si es de una empresa, 13 si es de una persona"
          styles={{ input: { textTransform: 'uppercase' } }}
          {...form.register('rfc')}
          error={errors.rfc?.message}
        />
        <TextInput label="Correo para facturas" type="email" required {...form.register('email')} error={errors.email?.message} />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="tax_system"
        render={({ field }) => (
          <Select
            label="Régimen fiscal"
            required
            searchable
            allowDeselect={false}
            placeholder="Elige tu régimen"
            description={
              kind
                ? `Los de ${kind === 'moral' ? 'empresas (persona moral)' : 'personas físicas'}, por tu RFC`
                : 'Escribe tu RFC para ver solo los que te corresponden'
            }
            data={regimenOptions}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.tax_system?.message}
            nothingFoundMessage="Sin coincidencias"
          />
        )}
      />
      <Controller
        control={form.control}
        name="cfdi_use"
        render={({ field }) => (
          <Select
            label="Uso CFDI"
            required
            allowDeselect={false}
            placeholder={regimen ? 'Elige el uso' : 'Elige antes tu régimen'}
            description="G03 Gastos en general es el uso para deducir tus envíos"
            disabled={!regimen}
            data={usoOptions}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.cfdi_use?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="postal_code"
          render={({ field }) => (
            <Autocomplete
              label="Código postal fiscal"
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
        <TextInput label="Teléfono" type="tel" inputMode="numeric" required maxLength={10} {...form.register('phone')} error={errors.phone?.message} />
      </SimpleGrid>
      <TextInput label="Calle y número" required {...form.register('address')} error={errors.address?.message} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Colonia" required {...form.register('colony')} error={errors.colony?.message} />
        <TextInput
          label="Estado y ciudad"
          required
          readOnly
          description="Se llena con el código postal"
          {...form.register('state_city')}
          error={errors.state_city?.message}
        />
      </SimpleGrid>
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
