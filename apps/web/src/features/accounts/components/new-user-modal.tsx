import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { createUserFromDashboardInputSchema, type CreateUserFromDashboardInput } from '@envios/contracts/accounts';
import { useCreateUserFromDashboard } from '../api/create-user-from-dashboard';

const empty = { firstName: '', lastName: '', phone: '', email: '', password: '' };

/** Spec 02 "Users admin": Nombre, Apellidos, Teléfono, Correo and Contraseña, all required. */
function NewUserForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const create = useCreateUserFromDashboard();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateUserFromDashboardInput>({ resolver: zodResolver(createUserFromDashboardInputSchema), mode: 'onTouched', defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      onCreated();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudo crear el usuario.');
    }
  });

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Nombre" required maxLength={35} {...form.register('firstName')} error={errors.firstName?.message} />
          <TextInput label="Apellidos" required maxLength={35} {...form.register('lastName')} error={errors.lastName?.message} />
          <TextInput label="Teléfono" type="tel" inputMode="numeric" required maxLength={10} {...form.register('phone')} error={errors.phone?.message} />
          <TextInput label="Correo" type="email" required maxLength={35} {...form.register('email')} error={errors.email?.message} />
          <PasswordInput label="Contraseña" required maxLength={12} autoComplete="new-password" {...form.register('password')} error={errors.password?.message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Crear usuario
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

export function NewUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Nuevo usuario" centered>
      <NewUserForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}
