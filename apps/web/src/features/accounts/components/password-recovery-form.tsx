import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { accountErrorCodes, accountMessages, passwordRecoveryInputSchema } from '@envios/contracts/accounts';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useRequestPasswordRecovery } from '../api/request-password-recovery';

type Result = { kind: 'success' } | { kind: 'error'; text: string } | null;

/** '¡Éxito! …' on success, '¡Error! El correo no existe.' for an unknown address. */
export function PasswordRecoveryForm() {
  const request = useRequestPasswordRecovery();
  const [result, setResult] = useState<Result>(null);
  const form = useZodForm(passwordRecoveryInputSchema, { mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await request.mutateAsync(values);
      setResult({ kind: 'success' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.code === accountErrorCodes.emailNotFound) {
        setResult({ kind: 'error', text: accountMessages.recoveryFailure });
      } else {
        setResult({ kind: 'error', text: error instanceof ApiRequestError ? error.body.message : 'No pudimos conectar con el servidor. Intenta de nuevo.' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Recuperar contraseña">
      <Stack gap="md">
        {result?.kind === 'success' && (
          <Alert color="green" variant="light" role="status">
            {accountMessages.recoverySuccess}
          </Alert>
        )}
        {result?.kind === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {result.text}
          </Alert>
        )}
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          maxLength={35}
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Enviar enlace
        </Button>
      </Stack>
    </form>
  );
}
