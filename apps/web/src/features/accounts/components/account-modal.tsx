import { Modal, TextInput } from '@mantine/core';
import { accountFormSchema, type User } from '@envios/contracts/accounts';
import { useSubmitFailure } from '@/components/ui/form/failure-alert';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useUpdateUser } from '../api/update-user';

export interface AccountModalProps {
  user: User;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** First name, last name and website, all required; the e-mail is not editable. */
function AccountForm({ user, onClose, onSaved }: Omit<AccountModalProps, 'opened'>) {
  const update = useUpdateUser();
  const { failure, attempt } = useSubmitFailure();
  const form = useZodForm(accountFormSchema, {
    mode: 'onTouched',
    defaultValues: { firstName: user.firstName, lastName: user.lastName, website: user.website ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    attempt(async () => {
      await update.mutateAsync({ id: user._id, data: values });
      onSaved();
    }, 'No se pudieron guardar los cambios.'),
  );

  return (
    <ModalForm onSubmit={onSubmit} failure={failure} submitLabel="Guardar" pending={update.isPending} onCancel={onClose}>
      <TextInput label="Nombre" required maxLength={35} {...form.register('firstName')} error={errors.firstName?.message} />
      <TextInput label="Apellidos" required maxLength={35} {...form.register('lastName')} error={errors.lastName?.message} />
      <TextInput label="Correo electrónico" value={user.email} readOnly disabled description="El correo no se puede cambiar." />
      <TextInput label="Sitio web" type="url" required placeholder="https://mitienda.mx" {...form.register('website')} error={errors.website?.message} />
    </ModalForm>
  );
}

export function AccountModal({ opened, onClose, ...rest }: AccountModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Editar cuenta" centered>
      <AccountForm onClose={onClose} {...rest} />
    </Modal>
  );
}
