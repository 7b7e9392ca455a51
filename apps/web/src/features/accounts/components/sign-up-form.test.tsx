import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithApp } from '@/testing/render';
import { server, setupMockApi } from '@/testing/msw';
import { SignUpForm } from './sign-up-form';

setupMockApi();

const field = (name: string) => screen.getByRole('textbox', { name });
const passwordField = (label: RegExp) => screen.getByLabelText(label);

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone' | 'password' | 'confirm' | 'website', string>>,
) {
  if (values.firstName) await user.type(field('Nombre'), values.firstName);
  if (values.lastName) await user.type(field('Apellidos'), values.lastName);
  if (values.email) await user.type(field('Correo electrónico'), values.email);
  if (values.phone) await user.type(field('Teléfono'), values.phone);
  if (values.password) await user.type(passwordField(/^Contraseña/), values.password);
  if (values.confirm) await user.type(passwordField(/^Confirmar contraseña/), values.confirm);
  if (values.website) await user.type(field('Sitio web (opcional)'), values.website);
}

describe('SignUpForm', () => {
  it('shows the spec messages for each wrong field and sends nothing', async () => {
    const sent = vi.fn();
    server.use(
      http.post('/api/v1/users', () => {
        sent();
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onDone={vi.fn()} signInHref="/signin" />);
    await fill(user, { lastName: 'x'.repeat(36), email: 'mal', phone: '12ab', password: '123', confirm: '1234', website: 'no-url' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Debes introducir un correo electrónico válido')).toBeInTheDocument();
    expect(screen.getByText('Debes introducir un número de teléfono válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener una longitud de entre 4 y 12 caracteres')).toBeInTheDocument();
    expect(screen.getByText('URL inválida')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("says 'Las contraseñas no coinciden' when the confirmation differs", async () => {
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onDone={vi.fn()} signInHref="/signin" />);
    await fill(user, { password: 'secreto1', confirm: 'secreto2' });
    await user.tab();
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
  });

  it("creates the account as rol user and shows 'Activación de cuenta'; Aceptar moves on", async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/v1/users', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ _id: '6f1c0d8e-8a43-4b7e-9a52-0c1f3c3b8a11', active: false }, { status: 201 });
      }),
    );
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onDone={onDone} signInHref="/signin" />);
    await fill(user, { firstName: 'Carla', lastName: 'Ruiz', email: 'carla@correo.test', phone: '5512345678', password: 'secreto1', confirm: 'secreto1' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activación de cuenta' });
    expect(dialog).toHaveTextContent('revisa tu bandeja de entrada');
    expect(body).toEqual({ firstName: 'Carla', lastName: 'Ruiz', email: 'carla@correo.test', phone: '5512345678', password: 'secreto1', rol: 'user' });
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("shows the server's message when the e-mail is taken", async () => {
    server.use(
      http.post('/api/v1/users', () =>
        HttpResponse.json({ message: 'Ya existe una cuenta con este correo electrónico.', code: 'accounts.email_taken' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<SignUpForm onDone={vi.fn()} signInHref="/signin" />);
    await fill(user, { firstName: 'Carla', lastName: 'Ruiz', email: 'carla@correo.test', phone: '5512345678', password: 'secreto1', confirm: 'secreto1' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una cuenta con este correo electrónico.');
  });
});
