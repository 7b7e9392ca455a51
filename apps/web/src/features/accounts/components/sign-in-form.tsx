import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { accountErrorCodes, accountMessages, signInInputSchema } from '@envios/contracts/accounts';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';
import { PendingApprovalNotice } from './pending-approval-notice';

export interface SignInFormProps {
  /** The visitor just signed up (`/signin?newUser=true`). */
  newUser?: boolean;
  onSignedIn: () => void;
  passwordRecoveryHref: string;
  signUpHref: string;
}

type Problem = { kind: 'pending' } | { kind: 'message'; text: string };

/** E-mail and password; the button stays disabled while the form is invalid. */
export function SignInForm({ newUser = false, onSignedIn, passwordRecoveryHref, signUpHref }: SignInFormProps) {
  const signIn = useSignIn();
  const [problem, setProblem] = useState<Problem | null>(null);
  const form = useZodForm(signInInputSchema, { mode: 'onChange', defaultValues: { email: '', password: '' } });
  const { errors, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.body.code === accountErrorCodes.inactive) setProblem({ kind: 'pending' });
        else if (error.status === 404) setProblem({ kind: 'message', text: accountMessages.invalidCredentials });
        else setProblem({ kind: 'message', text: error.body.message });
      } else {
        setProblem({ kind: 'message', text: 'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Iniciar sesión">
      <Stack gap="md">
        {/* The sign-up notice gives way to any other sign-in error, so the two never contradict. */}
        {((newUser && problem === null) || problem?.kind === 'pending') && <PendingApprovalNotice />}
        {problem?.kind === 'message' && (
          <Alert color="red" variant="light" role="alert">
            {problem.text}
          </Alert>
        )}
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          maxLength={35}
          {...form.register('email')}
          error={errors.email?.message}
        />
        <PasswordInput
          label="Contraseña"
          autoComplete="current-password"
          required
          maxLength={12}
          {...form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" disabled={!isValid} loading={signIn.isPending} fullWidth>
          Iniciar sesión
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={passwordRecoveryHref}>
            ¿Olvidaste tu contraseña?
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          ¿No tienes cuenta?{' '}
          <Anchor component={Link} to={signUpHref}>
            Regístrate
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
