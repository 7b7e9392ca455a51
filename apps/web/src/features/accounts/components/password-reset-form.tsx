import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { accountMessages, passwordResetFormSchema } from '@envios/contracts/accounts';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';

/** After the change, a 5-second countdown, then the sign-in page. */
export const RESET_REDIRECT_SECONDS = 5;

export interface PasswordResetFormProps {
  token: string;
  onRedirect: () => void;
  passwordRecoveryHref: string;
}

export function PasswordResetForm({ token, onRedirect, passwordRecoveryHref }: PasswordResetFormProps) {
  const reset = useResetPassword();
  const [seconds, setSeconds] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(passwordResetFormSchema, { mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (seconds === null) return;
    if (seconds <= 0) {
      onRedirect();
      return;
    }
    const timer = setTimeout(() => setSeconds(seconds - 1), 1_000);
    return () => clearTimeout(timer);
  }, [seconds, onRedirect]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      setSeconds(RESET_REDIRECT_SECONDS);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.body.message : 'No pudimos conectar con el servidor. Intenta de nuevo.');
    }
  });

  if (seconds !== null) {
    return (
      <Alert color="green" variant="light" role="status">
        {accountMessages.resetSuccess(Math.max(seconds, 0))}
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Configurar nueva contraseña">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}{' '}
            <Anchor component={Link} to={passwordRecoveryHref} size="sm">
              Solicitar un enlace nuevo
            </Anchor>
          </Alert>
        )}
        <PasswordInput
          label="Nueva contraseña"
          autoComplete="new-password"
          required
          maxLength={12}
          {...form.register('password')}
          error={errors.password?.message}
        />
        <PasswordInput
          label="Confirmar contraseña"
          autoComplete="new-password"
          required
          maxLength={12}
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Guardar contraseña
        </Button>
      </Stack>
    </form>
  );
}
