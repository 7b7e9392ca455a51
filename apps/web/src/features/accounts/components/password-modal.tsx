import { Modal, PasswordInput } from '@mantine/core';
import { accountErrorCodes, changePasswordFormSchema } from '@envios/contracts/accounts';
import { useSubmitFailure } from '@/components/ui/form/failure-alert';
import { ModalForm } from '@/components/ui/form/modal-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useUpdateUser } from '../api/update-user';

export interface PasswordModalProps {
  userId: string;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 4–12 characters, repeated; the server checks the current password too. */
function PasswordForm({ userId, onClose, onSaved }: Omit<PasswordModalProps, 'opened'>) {
  const update = useUpdateUser();
  const { failure, attempt } = useSubmitFailure();
  const form = useZodForm(changePasswordFormSchema, {
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  // A wrong current password is said under that box; anything else above the form.
  const wrongCurrent = (error: unknown) => {
    if (!(error instanceof ApiRequestError && error.body.code === accountErrorCodes.wrongCurrentPassword)) return false;
    form.setError('currentPassword', { message: error.body.message });
    return true;
  };
  const onSubmit = form.handleSubmit(({ currentPassword, password }) =>
    attempt(
      async () => {
        await update.mutateAsync({ id: userId, data: { password, currentPassword } });
        onSaved();
      },
      'No se pudo cambiar la contraseña.',
      wrongCurrent,
    ),
  );

  return (
    <ModalForm onSubmit={onSubmit} failure={failure} submitLabel="Guardar" pending={update.isPending} onCancel={onClose}>
      <PasswordInput
        label="Contraseña actual"
        autoComplete="current-password"
        required
        {...form.register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <PasswordInput
        label="Nueva contraseña"
        autoComplete="new-password"
        required
        maxLength={12}
        {...form.register('password')}
        error={errors.password?.message}
      />
      <PasswordInput
        label="Repetir nueva contraseña"
        autoComplete="new-password"
        required
        maxLength={12}
        {...form.register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
    </ModalForm>
  );
}

export function PasswordModal({ opened, onClose, ...rest }: PasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Cambiar contraseña" centered>
      <PasswordForm onClose={onClose} {...rest} />
    </Modal>
  );
}
