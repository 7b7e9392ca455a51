import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { landing, renderWithApp } from '@/testing/render';
import { PublicLayout } from './public-layout';

const contact = { supportPhone: '33 1234 5678', whatsappNumber: '5213312345678' };

function renderLayout(props: Partial<Parameters<typeof PublicLayout>[0]> = {}) {
  const result = renderWithApp(
    <PublicLayout contact={contact} {...props}>
      <h1>Página de prueba</h1>
    </PublicLayout>,
    { routes: [landing('/rastreo/:guide'), landing('/blog'), landing('/signin'), landing('/signup')] },
  );
  return { ...result, user: userEvent.setup() };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Principal' });

describe('PublicLayout', () => {
  it('starts with a skip link to the main content', async () => {
    const { user } = renderLayout();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido principal' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#contenido');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'contenido');
  });

  it('shows the signed-out entries of the navbar, in order', () => {
    renderLayout();
    const entries = Array.from(mainNav().querySelectorAll('a, button')).map((el) => el.textContent?.trim());
    expect(entries).toEqual(['Rastrear', 'Inicio', 'Blog', 'Iniciar sesión', 'Regístrate']);
    expect(within(mainNav()).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/signin');
    expect(within(mainNav()).getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/signup');
    expect(within(mainNav()).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  });

  it('puts a signed-in menu in place of Iniciar sesión and Registrate', () => {
    renderLayout({ account: <button type="button">Ana López</button> });
    expect(within(mainNav()).getByRole('button', { name: 'Ana López' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('reveals the guide search with Rastrear and searches only above 6 characters', async () => {
    const { user } = renderLayout();
    const toggle = within(mainNav()).getByRole('button', { name: 'Rastrear' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const guide = await screen.findByPlaceholderText('N° de guía');
    expect(guide).toBeRequired();
    expect(guide).toHaveAccessibleName('Rastrea tu envío');
    expect(guide).toHaveFocus();
    const search = screen.getByRole('button', { name: 'Buscar' });
    await user.type(guide, '123456');
    expect(search).toBeDisabled();
    await user.type(guide, '7');
    expect(search).toBeEnabled();
    await user.click(search);
    expect(await screen.findByText('Ruta: /rastreo/:guide')).toBeInTheDocument();
  });

  it('opens the mobile menu from the burger with the keyboard and closes it with Escape', async () => {
    const { user } = renderLayout();
    const burger = screen.getByRole('button', { name: 'Abrir menú' });
    burger.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog');
    const menu = within(drawer).getByRole('navigation', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: 'Inicio' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Cerrar menú', expanded: true })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links the support phone, WhatsApp, hours, legal pages and accepted payments in the footer', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Teléfono: 33 1234 5678' })).toHaveAttribute('href', 'tel:+523312345678');
    expect(within(footer).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5213312345678');
    expect(within(footer).getByText('de 9:00 a 18:00, de lunes a viernes')).toBeInTheDocument();
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const path of ['/contactanos', '/servicios', '/quienes-somos', '/preguntas-frecuentes', '/terminos-de-servicio', '/politicas-de-privacidad']) {
      expect(hrefs).toContain(path);
    }
    const payments = within(footer).getByRole('list', { name: 'Formas de pago aceptadas' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['PayPal', 'Tarjeta vía PayPal', 'OXXOefectivo', 'Monedero']);
  });

  it('the footer lists only the payments the site takes today, and says when none is on yet', () => {
    const { unmount } = renderLayout({ contact: { ...contact, paymentMethods: { paypal: false, card: false, oxxo: true } } });
    const payments = within(screen.getByRole('contentinfo')).getByRole('list', { name: 'Formas de pago aceptadas' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['OXXOefectivo', 'Monedero']);
    unmount();
    renderLayout({ contact: { ...contact, paymentMethods: { paypal: false, card: false, oxxo: false } } });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('list', { name: 'Formas de pago aceptadas' })).not.toBeInTheDocument();
    expect(within(footer).getByText('Los pagos en línea aún no están disponibles.')).toBeInTheDocument();
  });

  it('shows floating WhatsApp and phone buttons once the contacts are known', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: /Escríbenos por WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/5213312345678\?text=/),
    );
    expect(screen.getByRole('link', { name: 'Llámanos al 33 1234 5678' })).toHaveAttribute('href', 'tel:+523312345678');
  });

  it('does not wait for the contacts: the page and footer render, with placeholders, while they load', () => {
    renderLayout({ contact: undefined, contactLoading: true });
    expect(screen.getByRole('heading', { name: 'Página de prueba' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Escríbenos por WhatsApp/ })).not.toBeInTheDocument();
  });

  it('sends people to Contáctanos when the contacts could not be loaded', () => {
    renderLayout({ contact: undefined, contactLoading: false });
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Escríbenos desde Contáctanos' })).toHaveAttribute('href', '/contactanos');
  });
});
