/* The account's e-mails: registration received, awaiting approval, approved, password recovery. */
import { BRAND, clean, escapeHtml, layout, type RenderedMail, textLayout } from './mail-layout.js';

export function welcomePendingMail(data: { firstName: string }): RenderedMail {
  const name = clean(data.firstName);
  const title = 'Bienvenido a Envíos MX';
  return {
    subject: 'Recibimos tu registro: tu cuenta está en revisión',
    html: layout({
      title,
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        'Gracias por registrarte. Usted ha creado una cuenta en nuestro sistema y nuestro equipo la revisará en breve.',
        'Aún no ha sido aprobada su cuenta; al ser aprobada será notificado por correo y por WhatsApp, y podrá iniciar sesión para cotizar, comprar y rastrear sus guías.',
      ],
      footnote: 'Si no creaste esta cuenta, ignora este mensaje.',
    }),
    text: textLayout([
      `Hola ${name}:`,
      'Gracias por registrarte. Usted ha creado una cuenta en nuestro sistema y nuestro equipo la revisará en breve.',
      'Aún no ha sido aprobada su cuenta; al ser aprobada será notificado por correo y por WhatsApp, y podrá iniciar sesión para cotizar, comprar y rastrear sus guías.',
      'Si no creaste esta cuenta, ignora este mensaje.',
    ]),
  };
}

export function accountAwaitingApprovalMail(data: { firstName: string; lastName: string; email: string; phone: string; usersUrl: string }): RenderedMail {
  const fullName = `${clean(data.firstName)} ${clean(data.lastName)}`;
  const details = [`Nombre: ${fullName}`, `Correo: ${clean(data.email)}`, `Teléfono: ${clean(data.phone)}`];
  return {
    subject: `Nueva cuenta por aprobar: ${fullName}`,
    html: layout({
      title: 'Nueva cuenta por aprobar',
      paragraphs: [
        'Una persona se registró y espera la aprobación de su cuenta:',
        details.map(escapeHtml).join('<br>'),
        'Revísala y actívala desde la sección Usuarios.',
      ],
      action: { label: 'Ir a Usuarios', url: data.usersUrl },
    }),
    text: textLayout([
      'Una persona se registró y espera la aprobación de su cuenta:',
      details.join('\n'),
      `Revísala y actívala desde la sección Usuarios: ${data.usersUrl}`,
    ]),
  };
}

export function accountApprovedMail(data: { firstName: string; signInUrl: string }): RenderedMail {
  const name = clean(data.firstName);
  return {
    subject: 'Tu cuenta fue aprobada',
    html: layout({
      title: '¡Tu cuenta fue aprobada!',
      paragraphs: [`Hola ${escapeHtml(name)}:`, 'Tu cuenta de Envíos MX ya está activa. Inicia sesión para cotizar, comprar y rastrear tus guías.'],
      action: { label: 'Iniciar sesión', url: data.signInUrl },
    }),
    text: textLayout([
      `Hola ${name}:`,
      'Tu cuenta de Envíos MX ya está activa. Inicia sesión para cotizar, comprar y rastrear tus guías.',
      `Iniciar sesión: ${data.signInUrl}`,
    ]),
  };
}

export function passwordRecoveryMail(data: { firstName: string; resetUrl: string; validMinutes: number }): RenderedMail {
  const name = clean(data.firstName);
  const validity = `El enlace vence en ${data.validMinutes} minutos y solo se puede usar una vez.`;
  const ignore = 'Si no solicitaste este cambio, ignora este correo: tu contraseña actual sigue siendo válida.';
  return {
    subject: 'Recupera tu contraseña',
    html: layout({
      title: 'Recupera tu contraseña',
      paragraphs: [
        `Hola ${escapeHtml(name)}:`,
        'Recibimos una solicitud para configurar una nueva contraseña en tu cuenta. Usa el siguiente botón para elegirla.',
        validity,
      ],
      action: { label: 'Configurar nueva contraseña', url: data.resetUrl },
      footnote: ignore,
    }),
    text: textLayout([
      `Hola ${name}:`,
      'Recibimos una solicitud para configurar una nueva contraseña en tu cuenta. Abre este enlace para elegirla:',
      data.resetUrl,
      validity,
      ignore,
    ]),
  };
}

/** WhatsApp notice sent when an admin approves the account. */
export function accountApprovedWhatsApp(data: { firstName: string; signInUrl: string }): string {
  return `Hola ${clean(data.firstName)}, tu cuenta de ${BRAND} fue aprobada. Ya puedes iniciar sesión en ${data.signInUrl}`;
}
