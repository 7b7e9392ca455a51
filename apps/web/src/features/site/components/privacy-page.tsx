import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteInfo } from '@envios/contracts/site';
import { paths } from '@/config/paths';
import { ContentPage, Pending } from './content-page';
import classes from './content.module.css';

export const PRIVACY_LAST_UPDATED = '01/04/2017';

interface Section {
  numeral: string;
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * '/politicas-de-privacidad': the privacy notice in sections I to XIII (glossary first), closed by
 * the reader's authorisation. What it says we store and
 * whom we share it with follows what the product really keeps (accounts, addresses, shipments,
 * payments, contact messages, session records) and the services it really uses; the optional
 * ones (ad pixel, chat, WhatsApp notices) are named only when the site has them configured.
 */
export function PrivacyPage({ site }: { site: SiteInfo }) {
  const { company } = site;
  const privacyContact = company.supportEmail ? (
    <>
      el correo <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a> o el formulario de <Link to={paths.contact}>Contáctanos</Link>
    </>
  ) : (
    <>
      el formulario de <Link to={paths.contact}>Contáctanos</Link> (elige «privacidad» en tu mensaje)
    </>
  );
  const sections: Section[] = [
    {
      numeral: 'I',
      id: 'glosario',
      title: 'Glosario',
      content: (
        <dl>
          <dt>Datos personales</dt>
          <dd>Cualquier información que identifica o permite identificar a una persona.</dd>
          <dt>Titular</dt>
          <dd>La persona a quien pertenecen los datos.</dd>
          <dt>Responsable</dt>
          <dd>Quien decide sobre el tratamiento de los datos: nosotros.</dd>
          <dt>Tratamiento</dt>
          <dd>Obtener, usar, guardar, compartir o borrar datos personales.</dd>
          <dt>Transferencia</dt>
          <dd>Compartir datos con alguien distinto del responsable.</dd>
          <dt>Derechos ARCO</dt>
          <dd>Acceso, Rectificación, Cancelación y Oposición.</dd>
        </dl>
      ),
    },
    {
      numeral: 'II',
      id: 'titulares',
      title: 'De quién tratamos datos personales',
      content: (
        <ul>
          <li>
            <strong>Clientes:</strong> personas y negocios que crean una cuenta para cotizar, comprar y rastrear envíos.
          </li>
          <li>
            <strong>Remitentes y destinatarios:</strong> las personas cuyos datos de contacto captura un cliente para enviar o recibir un paquete. El cliente
            declara que tiene su autorización para compartirlos con nosotros.
          </li>
          <li>
            <strong>Visitantes:</strong> quienes navegan el sitio, cotizan sin cuenta, rastrean una guía o nos escriben desde el formulario de contacto.
          </li>
        </ul>
      ),
    },
    {
      numeral: 'III',
      id: 'responsable',
      title: 'Identidad y domicilio del responsable',
      content: (
        <>
          <p>El responsable del tratamiento de tus datos personales es:</p>
          <dl>
            <dt>Nombre comercial</dt>
            <dd>{company.name}</dd>
            <dt>Razón social</dt>
            <dd>{company.legalName ?? <Pending what="Razón social" />}</dd>
            <dt>RFC</dt>
            <dd>{company.rfc ?? <Pending what="RFC" />}</dd>
            <dt>Domicilio</dt>
            <dd>{company.address ?? <Pending what="Domicilio" />}</dd>
          </dl>
          {(!company.legalName || !company.rfc || !company.address) && (
            <p>Mientras estos datos se publican, puedes dirigir cualquier solicitud sobre tus datos a {privacyContact}.</p>
          )}
        </>
      ),
    },
    {
      numeral: 'IV',
      id: 'datos',
      title: 'Datos personales que tratamos',
      content: (
        <ul>
          <li>
            <strong>De tu cuenta:</strong> nombre, apellidos, correo electrónico, teléfono, sitio web (opcional) y tu contraseña, que guardamos cifrada de forma
            irreversible (nunca en texto legible).
          </li>
          <li>
            <strong>Fiscales, si los capturas:</strong> titular, RFC, teléfono, calle y número, colonia, código postal, estado y ciudad, y si quieres factura
            automática.
          </li>
          <li>
            <strong>De tus envíos:</strong> nombre, teléfono, correo y dirección de remitentes y destinatarios, direcciones guardadas, descripción del
            contenido, medidas y peso, y los datos del seguro adicional si lo contratas (valor, responsable y su correo).
          </li>
          <li>
            <strong>De tus pagos:</strong> montos, método elegido, referencias de PayPal o de la ficha OXXO, y los movimientos de tu Monedero. Los datos de tu
            tarjeta los captura PayPal: nosotros no los recibimos ni los guardamos.
          </li>
          <li>
            <strong>De tus mensajes:</strong> lo que nos escribes en el formulario de contacto (nombre, empresa, correo, teléfono, sitio web, envíos al mes y tu
            mensaje) y nuestras respuestas.
          </li>
          <li>
            <strong>Técnicos:</strong> la dirección IP y el navegador de cada sesión iniciada, y la dirección IP de quien intenta iniciar sesión, registrarse o
            escribirnos, para frenar abusos.
          </li>
        </ul>
      ),
    },
    {
      numeral: 'V',
      id: 'finalidades',
      title: 'Para qué usamos tus datos',
      content: (
        <>
          <h3>Finalidades necesarias</h3>
          <ul>
            <li>Crear y administrar tu cuenta, y aprobarla.</li>
            <li>Cotizar, generar tus guías, pedir recolecciones y rastrear tus envíos con la paquetería que elijas.</li>
            <li>Cobrar tus envíos, abonos y sobrepesos, y conciliar los pagos.</li>
            <li>Avisarte del estado de tu cuenta, tus pagos y tus envíos por correo electrónico o WhatsApp.</li>
            <li>Atender tus mensajes, dudas y reclamaciones.</li>
            <li>Emitir comprobantes y cumplir obligaciones fiscales y legales.</li>
            <li>Proteger la Plataforma contra fraudes y accesos indebidos.</li>
          </ul>
          <h3>Finalidades secundarias</h3>
          <ul>
            <li>Enviarte promociones y novedades de nuestros servicios.</li>
            {site.metaPixelId && (
              <li>Medir nuestros anuncios con el píxel de Meta (Facebook), solo si aceptas las cookies de marketing en el aviso de cookies.</li>
            )}
          </ul>
        </>
      ),
    },
    {
      numeral: 'VI',
      id: 'negativa',
      title: 'Cómo negarte a las finalidades secundarias',
      content: (
        <p>
          Puedes negarte en cualquier momento a que usemos tus datos para las finalidades secundarias escribiéndonos a {privacyContact}.
          {site.metaPixelId && ' Las cookies de marketing las rechazas o retiras desde el aviso de cookies.'} Tu negativa no afecta los servicios que nos pidas.
        </p>
      ),
    },
    {
      numeral: 'VII',
      id: 'transferencias',
      title: 'Con quién compartimos tus datos',
      content: (
        <>
          <p>Solo compartimos lo necesario para darte el servicio que pediste:</p>
          <ul>
            <li>
              <strong>Paqueterías</strong> (DHL, FedEx, Redpack, Estafeta y AM/PM, según la que elijas): los datos de remitente, destinatario y paquete, para
              recolectar, transportar, entregar y rastrear el envío.
            </li>
            <li>
              <strong>PayPal</strong>: el monto y la referencia del pago, cuando pagas con PayPal o con tarjeta a través de PayPal.
            </li>
            <li>
              <strong>Conekta</strong>: tu nombre, correo y el monto, para generar la ficha de pago en efectivo en OXXO.
            </li>
            <li>
              <strong>Proveedores de correo y de WhatsApp</strong>: tu correo o tu teléfono y el texto del aviso, para hacerte llegar nuestras notificaciones.
            </li>
            {site.metaPixelId && (
              <li>
                <strong>Meta Platforms</strong>: qué páginas visitas y cuándo inicias un pago, solo si aceptas las cookies de marketing.
              </li>
            )}
            {site.chatWidgetSrc && (
              <li>
                <strong>El proveedor del chat en línea</strong>: lo que escribas en el chat de soporte.
              </li>
            )}
            <li>Las autoridades que lo requieran conforme a la ley.</li>
          </ul>
          <p>Estas transferencias no requieren tu consentimiento porque son necesarias para cumplir lo que nos pides o la ley. No vendemos tus datos.</p>
        </>
      ),
    },
    {
      numeral: 'VIII',
      id: 'arco',
      title: 'Tus derechos ARCO',
      content: (
        <>
          <p>
            Tienes derecho a <strong>acceder</strong> a tus datos, <strong>rectificarlos</strong> si están mal, <strong>cancelarlos</strong> cuando ya no sean
            necesarios y <strong>oponerte</strong> a un uso en particular. Envía tu solicitud a {privacyContact} con tu nombre, un medio para responderte, una
            copia de tu identificación y qué derecho quieres ejercer sobre qué datos.
          </p>
          <p>
            Te respondemos en un máximo de 20 días hábiles, y si procede, el cambio se aplica dentro de los 15 días hábiles siguientes. Tu nombre, correo, sitio
            web y datos fiscales también los corriges tú mismo en Configuración.
          </p>
        </>
      ),
    },
    {
      numeral: 'IX',
      id: 'revocacion',
      title: 'Cómo revocar tu consentimiento',
      content: (
        <p>
          Puedes revocar el consentimiento que nos diste con el mismo procedimiento de los derechos ARCO. Si la revocación impide darte un servicio (por
          ejemplo, no podemos enviar un paquete sin la dirección del destinatario), te lo explicaremos. Conservaremos lo que la ley nos obligue: los datos
          fiscales de las facturas electrónicas, hasta 10 años.
        </p>
      ),
    },
    {
      numeral: 'X',
      id: 'seguridad',
      title: 'Cómo protegemos tus datos',
      content: (
        <ul>
          <li>Conexión cifrada (HTTPS) y cookies de sesión que el código de la página no puede leer.</li>
          <li>Contraseñas cifradas de forma irreversible y sesiones que caducan y puedes cerrar.</li>
          <li>Cada cuenta ve solo sus propios envíos, direcciones y pagos; solo los administradores ven los de todos.</li>
          <li>Límites de intentos contra el robo de contraseñas y el envío masivo de formularios.</li>
          <li>Las credenciales de servicios externos se guardan cifradas.</li>
        </ul>
      ),
    },
    {
      numeral: 'XI',
      id: 'cookies',
      title: 'Cookies y tecnologías de rastreo',
      content: (
        <>
          <p>
            Usamos cookies <strong>necesarias</strong>: la de tu sesión y una que indica a la página que hay una sesión abierta (sin datos tuyos); sin ellas no
            puedes iniciar sesión. Tu elección del aviso de cookies se guarda en tu navegador.
          </p>
          {site.metaPixelId ? (
            <p>
              Con tu permiso, usamos también el <strong>píxel de Meta</strong> (cookies de marketing) para saber qué páginas informativas visitas y cuándo
              llegas a un resumen de pago, y así medir nuestros anuncios. No se carga hasta que aceptas en el aviso de cookies, y puedes cambiar tu elección en
              cualquier momento desde el enlace «Cookies» al pie de cada página.
            </p>
          ) : (
            <p>Hoy no usamos cookies de marketing ni de terceros para publicidad.</p>
          )}
          <p>El video «¿Cómo funciona?» de la página de inicio es de YouTube en modo de privacidad mejorada y no se carga hasta que presionas reproducir.</p>
        </>
      ),
    },
    {
      numeral: 'XII',
      id: 'cambios',
      title: 'Cambios a este aviso',
      content: (
        <p>
          Si cambiamos este aviso, publicaremos la nueva versión en esta página con su fecha de actualización y, si el cambio es importante, te avisaremos por
          correo electrónico.
        </p>
      ),
    },
    {
      numeral: 'XIII',
      id: 'contacto',
      title: 'Contacto de privacidad',
      content: (
        <p>
          Para cualquier duda sobre tus datos personales escríbenos a {privacyContact}. Atendemos {site.supportHours}, hora del centro de México (UTC-6). Si
          consideras que no atendimos tu solicitud, puedes acudir al INAI o a la autoridad que la sustituya.
        </p>
      ),
    },
    {
      numeral: '',
      id: 'autorizacion',
      title: 'Tu autorización',
      content: (
        <p>
          Al registrarte, usar la Plataforma o enviarnos tus datos, declaras que leíste este aviso y consientes el tratamiento de tus datos personales en los
          términos aquí descritos.
        </p>
      ),
    },
  ];
  // I to XIII are numbered; the closing authorisation is the reader's consent, not a section.
  const numbered = sections.filter((s) => s.numeral);
  const closing = sections.filter((s) => !s.numeral);

  return (
    <ContentPage
      id="privacidad-titulo"
      kicker="Legal"
      title="Aviso de privacidad"
      lead={`Cómo ${company.name} trata tus datos personales y los de tus destinatarios, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.`}
      meta={`Última actualización: ${PRIVACY_LAST_UPDATED}`}
    >
      <nav className={classes.toc} aria-labelledby="privacidad-indice">
        <strong id="privacidad-indice">Contenido</strong>
        <ol style={{ listStyleType: 'upper-roman' }}>
          {numbered.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {numbered.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titulo`} data-testid="seccion-privacidad">
          <h2 id={`${s.id}-titulo`}>
            {s.numeral}. {s.title}
          </h2>
          {s.content}
        </section>
      ))}
      {closing.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titulo`}>
          <h2 id={`${s.id}-titulo`}>{s.title}</h2>
          {s.content}
        </section>
      ))}
    </ContentPage>
  );
}
