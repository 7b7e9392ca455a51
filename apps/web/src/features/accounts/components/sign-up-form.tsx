import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { accountMessages, signUpFormSchema } from '@envios/contracts/accounts';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ApiRequestError } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';

export interface SignUpFormProps {
  /** After the 'Activación de cuenta' dialog is closed (spec: to /signin?newUser=true). */
  onDone: () => void;
  signInHref: string;
}

/** Sign-up: names ≤ 35, e-mail, phone ≤ 10 digits, password 4–12 twice, optional website. */
export function SignUpForm({ onDone, signInHref }: SignUpFormProps) {
  const signUp = useSignUp();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signUpFormSchema, {
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '', website: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { confirmPassword: _confirm, ...input } = values;
      await signUp.mutateAsync(input);
      setDone(true);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.body.message : 'No pudimos conectar con el servidor. Intenta de nuevo.');
    }
  });

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Crear cuenta">
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" autoComplete="given-name" required maxLength={35} {...form.register('firstName')} error={errors.firstName?.message} />
            <TextInput label="Apellidos" autoComplete="family-name" required maxLength={35} {...form.register('lastName')} error={errors.lastName?.message} />
          </SimpleGrid>
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            maxLength={35}
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Teléfono"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            maxLength={10}
            description="10 dígitos, sin espacios"
            {...form.register('phone')}
            error={errors.phone?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Contraseña"
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
          </SimpleGrid>
          <TextInput label="Sitio web (opcional)" type="url" placeholder="https://mitienda.mx" {...form.register('website')} error={errors.website?.message} />
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Crear cuenta
          </Button>
          <Text size="sm" ta="center">
            ¿Ya tienes cuenta?{' '}
            <Anchor component={Link} to={signInHref}>
              Iniciar sesión
            </Anchor>
          </Text>
        </Stack>
      </form>
      <Modal opened={done} onClose={onDone} title={accountMessages.signUpDialogTitle} centered>
        <Stack>
          <Text>Te enviamos un correo electrónico: revisa tu bandeja de entrada para conocer cómo se activa tu cuenta.</Text>
          <Text size="sm" c="dimmed">
            Nuestro equipo revisará tu registro; al ser aprobada tu cuenta te avisaremos por correo y por WhatsApp.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onDone}>Aceptar</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
