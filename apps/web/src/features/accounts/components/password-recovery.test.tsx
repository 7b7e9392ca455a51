import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { PasswordRecoveryForm } from './password-recovery-form';
import { PasswordResetForm } from './password-reset-form';

setupMockApi();

describe('PasswordRecoveryForm', () => {
  it("shows the spec's success text", async () => {
    server.use(http.post('/api/v1/password-recovery', () => HttpResponse.json({ message: 'ok' })));
    const user = userEvent.setup();
    renderWithApp(<PasswordRecoveryForm />);
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@correo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '¡Éxito! Verifica tu correo para configurar tu nueva contraseña. Ya puedes cerrar esta ventana.',
    );
  });

  it("shows 'Error! El correo no existe' for an unknown address", async () => {
    server.use(
      http.post('/api/v1/password-recovery', () => HttpResponse.json({ message: 'El correo no existe', code: 'accounts.email_not_found' }, { status: 404 })),
    );
    const user = userEvent.setup();
    renderWithApp(<PasswordRecoveryForm />);
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'nadie@correo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error! El correo no existe');
  });

  it('checks the address before sending', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordRecoveryForm />);
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'mal');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Debes introducir un correo electrónico válido')).toBeInTheDocument();
  });
});

describe('PasswordResetForm', () => {
  it('refuses a confirmation that differs', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordResetForm token="t" onRedirect={vi.fn()} passwordRecoveryHref="/password-recovery" />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'nueva124');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
  });

  it('sets the password with the token, counts 5 seconds down and then redirects', async () => {
    let seen: { token?: string; body?: unknown } = {};
    server.use(
      http.post('/api/v1/password-recovery/:token', async ({ params, request }) => {
        seen = { token: String(params.token), body: await request.json() };
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const onRedirect = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<PasswordResetForm token="tok_123" onRedirect={onRedirect} passwordRecoveryHref="/password-recovery" />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'nueva123');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(
      await screen.findByText('Su contraseña se ha recuperado satisfactoriamente; en 5 segundos será redirigido al inicio de sesión.'),
    ).toBeInTheDocument();
    expect(seen).toEqual({ token: 'tok_123', body: { password: 'nueva123' } });
    expect(await screen.findByText(/en 4 segundos será redirigido/, undefined, { timeout: 2_000 })).toBeInTheDocument();
    await waitFor(() => expect(onRedirect).toHaveBeenCalledTimes(1), { timeout: 7_000 });
  });

  it('explains a used or expired link and offers a new one', async () => {
    server.use(
      http.post('/api/v1/password-recovery/:token', () =>
        HttpResponse.json(
          { message: 'El enlace para recuperar la contraseña no es válido, ya se usó o venció. Solicita uno nuevo.', code: 'accounts.recovery_token_invalid' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<PasswordResetForm token="viejo" onRedirect={vi.fn()} passwordRecoveryHref="/password-recovery" />);
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/^Confirmar contraseña/), 'nueva123');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ya se usó o venció');
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveAttribute('href', '/password-recovery');
  });
});
