import { Modal, PasswordInput, TextInput } from '@mantine/core';
import { createUserFromDashboardInputSchema } from '@envios/contracts/accounts';
import { useSubmitFailure } from '@/components/ui/form/failure-alert';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useCreateUserFromDashboard } from '../api/create-user-from-dashboard';

const empty = { firstName: '', lastName: '', phone: '', email: '', password: '' };

/** Nombre, Apellidos, Teléfono, Correo and Contraseña, all required. */
function NewUserForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const create = useCreateUserFromDashboard();
  const { failure, attempt } = useSubmitFailure();
  const form = useZodForm(createUserFromDashboardInputSchema, { mode: 'onTouched', defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    attempt(async () => {
      await create.mutateAsync(values);
      onCreated();
    }, 'No se pudo crear el usuario.'),
  );

  return (
    <ModalForm onSubmit={onSubmit} failure={failure} submitLabel="Crear usuario" pending={create.isPending} onCancel={onClose}>
      <TextInput label="Nombre" required maxLength={35} {...form.register('firstName')} error={errors.firstName?.message} />
      <TextInput label="Apellidos" required maxLength={35} {...form.register('lastName')} error={errors.lastName?.message} />
      <TextInput label="Teléfono" type="tel" inputMode="numeric" required maxLength={10} {...form.register('phone')} error={errors.phone?.message} />
      <TextInput label="Correo" type="email" required maxLength={35} {...form.register('email')} error={errors.email?.message} />
      <PasswordInput label="Contraseña" required maxLength={12} autoComplete="new-password" {...form.register('password')} error={errors.password?.message} />
    </ModalForm>
  );
}

export function NewUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Nuevo usuario" centered>
      <NewUserForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}
