import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { SignInForm } from './sign-in-form';

setupMockApi();

const me = {
  _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@correo.test',
  phone: '3312345678',
  website: null,
  rol: 'user',
  active: true,
  locked: false,
  purchasesBlocked: false,
  approvedAt: '2026-01-01T00:00:00.000Z',
  status: 'active',
  invoice: false,
  taxInformation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(props: { newUser?: boolean; onSignedIn?: () => void } = {}) {
  const onSignedIn = props.onSignedIn ?? vi.fn();
  renderWithApp(<SignInForm newUser={props.newUser ?? false} onSignedIn={onSignedIn} passwordRecoveryHref="/password-recovery" signUpHref="/signup" />);
  return { onSignedIn, user: userEvent.setup() };
}

const email = () => screen.getByRole('textbox', { name: 'Correo electrónico' });
const password = () => screen.getByLabelText(/^Contraseña/);
const submit = () => screen.getByRole('button', { name: 'Iniciar sesión' });

describe('SignInForm', () => {
  it('keeps the button disabled while the form is invalid and shows the spec messages', async () => {
    const { user } = renderForm();
    expect(submit()).toBeDisabled();
    await user.type(email(), 'no-es-correo');
    await user.type(password(), '123');
    expect(await screen.findByText('Debes introducir un correo electrónico válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener una longitud de entre 4 y 12 caracteres')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(email());
    await user.type(email(), 'ana@correo.test');
    await user.type(password(), '4');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it("shows 'Correo y/o Contraseña inválidos' when the server answers 404", async () => {
    server.use(
      http.post('/api/v1/login', () =>
        HttpResponse.json({ message: 'Correo y/o Contraseña inválidos', code: 'accounts.invalid_credentials' }, { status: 404 }),
      ),
    );
    const { user, onSignedIn } = renderForm();
    await user.type(email(), 'ana@correo.test');
    await user.type(password(), 'secreto1');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo y/o Contraseña inválidos');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the two approval texts when the account is pending ('no active')", async () => {
    server.use(http.post('/api/v1/login', () => HttpResponse.json({ message: 'no active', code: 'accounts.inactive' }, { status: 403 })));
    const { user } = renderForm();
    await user.type(email(), 'ana@correo.test');
    await user.type(password(), 'secreto1');
    await user.click(submit());
    expect(await screen.findByText('Usted ha creado una cuenta en nuestro sistema.')).toBeInTheDocument();
    expect(screen.getByText('Aún no ha sido aprobada su cuenta; al ser aprobada será notificado vía WhatsApp.')).toBeInTheDocument();
  });

  it("shows the server's Spanish message when sign-in is rate limited", async () => {
    server.use(
      http.post('/api/v1/login', () =>
        HttpResponse.json(
          {
            message: 'Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 15 minutos (a las 12:15, hora del centro de México).',
            code: 'accounts.too_many_attempts',
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderForm();
    await user.type(email(), 'ana@correo.test');
    await user.type(password(), 'secreto1');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Vuelve a intentarlo en 15 minutos');
  });

  it('signs in, loads the session user and reports success', async () => {
    let body: unknown;
    server.use(
      http.post('/api/v1/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: me._id, token: 'x'.repeat(43) });
      }),
      http.get('/api/v1/me', () => HttpResponse.json(me)),
    );
    const { user, onSignedIn } = renderForm();
    await user.type(email(), ' Ana@Correo.test');
    await user.type(password(), 'secreto1');
    await user.click(submit());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(body).toEqual({ email: 'ana@correo.test', password: 'secreto1' });
  });

  it('shows the pending-approval notice after sign-up (?newUser=true), and drops it when another sign-in error shows', async () => {
    server.use(
      http.post('/api/v1/login', () =>
        HttpResponse.json({ message: 'Correo y/o Contraseña inválidos', code: 'accounts.invalid_credentials' }, { status: 404 }),
      ),
    );
    const { user } = renderForm({ newUser: true });
    expect(screen.getByText('Usted ha creado una cuenta en nuestro sistema.')).toBeInTheDocument();
    await user.type(email(), 'ana@correo.test');
    await user.type(password(), 'equivocada');
    await user.click(submit());
    expect(await screen.findByText('Correo y/o Contraseña inválidos')).toBeInTheDocument();
    expect(screen.queryByText('Usted ha creado una cuenta en nuestro sistema.')).not.toBeInTheDocument();
  });

  it("names the password eye in Spanish ('Mostrar contraseña') and lets the keyboard reach it", () => {
    renderForm();
    const eye = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    expect(eye).toHaveAttribute('tabindex', '0');
  });
});
