/**
 * The terms of service: 22 numbered clauses, each with a plain-language summary ('En pocas
 * palabras'). Text only, so the page and its tests read the same list.
 */
export const TERMS_LAST_UPDATED = '01/04/2017';

export interface Clause {
  title: string;
  summary: string;
  body: string[];
}

export const TERMS_CLAUSES: readonly Clause[] = [
  {
    title: 'Aceptación de estos términos',
    summary: 'Si usas la plataforma, aceptas estas reglas.',
    body: [
      'Estos términos regulan el uso del sitio y de la plataforma de envíos (la «Plataforma»). Al crear una cuenta, cotizar, comprar una guía o usar cualquier otra función, aceptas cumplirlos. Si no estás de acuerdo, no uses la Plataforma.',
      'Si usas la Plataforma en nombre de una empresa, declaras que tienes facultades para obligarla y que la empresa queda sujeta a estos términos.',
    ],
  },
  {
    title: 'Qué hacemos y qué no',
    summary: 'Somos intermediarios: la paquetería que eliges es quien transporta tu envío.',
    body: [
      'La Plataforma te permite comparar tarifas de varias paqueterías (como DHL, FedEx, Redpack, Estafeta y AM/PM), comprar guías prepagadas, pedir recolecciones y rastrear tus envíos.',
      'No transportamos paquetes: la recolección, el traslado y la entrega los realiza la paquetería que elijas, conforme a sus propias condiciones de servicio, que también aceptas al comprar su guía.',
    ],
  },
  {
    title: 'Tu cuenta',
    summary: 'Regístrate con datos verdaderos; revisamos y aprobamos cada cuenta.',
    body: [
      'Para comprar guías necesitas una cuenta con tu nombre, correo electrónico y teléfono reales. Las cuentas nuevas quedan pendientes hasta que las aprobamos; te avisamos cuando la tuya esté activa.',
      'Podemos rechazar, suspender o desactivar una cuenta con datos falsos, que se use para fines ilícitos o que incumpla estos términos.',
    ],
  },
  {
    title: 'Seguridad de tu contraseña',
    summary: 'Cuida tu contraseña: lo que se haga con tu cuenta es tu responsabilidad.',
    body: [
      'Eres responsable de mantener en secreto tu contraseña y de toda la actividad de tu cuenta. Si crees que alguien más la usa, cámbiala de inmediato y avísanos.',
      'Cerrar sesión en un equipo termina esa sesión. Nunca te pediremos tu contraseña por correo, teléfono ni WhatsApp.',
    ],
  },
  {
    title: 'Cotizaciones y precios',
    summary: 'El precio depende de los datos que captures; lo ves completo antes de pagar.',
    body: [
      'Las cotizaciones se calculan con los códigos postales, las medidas, el peso, el tipo de paquete y el servicio que elijas. Los precios se muestran en pesos mexicanos (MXN) e incluyen el desglose de cada cargo antes de pagar.',
      'Las tarifas de las paqueterías pueden cambiar; el precio que vale es el de la guía que compras. Si al comprar el precio ya no coincide con el cotizado, te mostraremos el nuevo antes de cobrarte.',
    ],
  },
  {
    title: 'Medidas, peso y sobrepeso',
    summary: 'Declara el peso y las medidas reales: si la paquetería mide más, se cobra la diferencia.',
    body: [
      'Cada paquete se cobra por el mayor entre su peso real y su peso volumétrico (largo × ancho × alto en centímetros entre 5000), redondeado al kilo siguiente.',
      'Si la paquetería detecta que tu paquete pesa o mide más de lo declarado, se genera un cargo por sobrepeso por cada kilo adicional. Te lo notificamos por correo electrónico, y el paquete puede quedar retenido en el almacén de la paquetería hasta que el sobrepeso se pague.',
    ],
  },
  {
    title: 'Formas de pago',
    summary: 'Pagas con PayPal, tarjeta a través de PayPal, efectivo en OXXO o tu Monedero; la guía se emite al confirmarse el pago.',
    body: [
      'Aceptamos PayPal, tarjeta de crédito o débito a través de PayPal, efectivo en tiendas OXXO con una ficha de pago y el saldo de tu Monedero. Los datos de tu tarjeta los captura PayPal; nosotros nunca los recibimos.',
      'El pago en OXXO tiene una comisión adicional que cobra la tienda, y la ficha vence si no se paga a tiempo. La guía se genera cuando el pago está confirmado.',
    ],
  },
  {
    title: 'Monedero',
    summary: 'El saldo del Monedero sirve para pagar envíos y sobrepesos en la Plataforma.',
    body: [
      'El Monedero es un saldo prepagado en pesos que abonas con las formas de pago aceptadas y usas para pagar guías y sobrepesos. Solo cuentan los abonos pagados; un abono pendiente puede eliminarse antes de pagarlo.',
      'El saldo no genera intereses ni puede transferirse a otra cuenta. Si pagaste dos veces por un mismo envío, la diferencia se abona a tu Monedero.',
    ],
  },
  {
    title: 'Guías y etiquetas',
    summary: 'Imprime la guía y pégala visible en el paquete.',
    body: [
      'Cada guía corresponde a un solo paquete y a un solo envío. Debes imprimirla y pegarla en un lugar visible del paquete, sin cubrir el código de barras.',
      'Una guía no puede reutilizarse ni modificarse a mano. Los datos de origen y destino deben ser completos y verdaderos: una dirección incompleta puede retrasar o impedir la entrega.',
    ],
  },
  {
    title: 'Recolección',
    summary: 'Si pides recolección, ten el paquete listo en la dirección de origen.',
    body: [
      'Donde el servicio la ofrece, puedes pedir que la paquetería recoja tu envío en la dirección de origen. Ten el paquete empacado, con su guía pegada, y a una persona que lo entregue.',
      'Los horarios de recolección dependen de la paquetería; si no te encuentra, puede reprogramar la visita o pedirte que lleves el paquete a una de sus sucursales.',
    ],
  },
  {
    title: 'Empaque y contenido',
    summary: 'Empacar bien y describir el contenido con verdad te toca a ti.',
    body: [
      'Eres responsable de empacar tu envío de forma adecuada para su traslado (caja firme, relleno y cinta) y de describir su contenido con verdad.',
      'Las paqueterías pueden inspeccionar, retener o rechazar un paquete mal empacado o cuyo contenido no coincida con lo declarado.',
    ],
  },
  {
    title: 'Artículos prohibidos',
    summary: 'No envíes nada ilegal, peligroso o restringido por la paquetería.',
    body: [
      'No puedes enviar armas, explosivos, drogas, sustancias peligrosas o inflamables, dinero en efectivo, animales vivos, ni ningún artículo cuyo envío prohíba la ley o la paquetería elegida.',
      'Si envías un artículo prohibido, respondes por los daños y gastos que cause, y podemos desactivar tu cuenta.',
    ],
  },
  {
    title: 'Envíos internacionales',
    summary: 'Al extranjero aplican aduanas, impuestos y reglas del país de destino.',
    body: [
      'Los envíos internacionales están sujetos a revisión aduanal, a los impuestos y derechos del país de destino y a sus restricciones de importación. Es tu responsabilidad entregar la documentación que la paquetería o la aduana requieran.',
      'Los impuestos y derechos de importación no están incluidos en el precio de la guía salvo que el servicio lo indique.',
    ],
  },
  {
    title: 'Tiempos de entrega',
    summary: 'Los tiempos son estimados por la paquetería, no una garantía.',
    body: [
      'Los días de tránsito que mostramos son los que estima cada paquetería para el servicio elegido. Pueden variar por clima, zonas de difícil acceso (zonas extendidas o remotas), revisiones aduanales, días festivos u otras causas ajenas a nosotros.',
    ],
  },
  {
    title: 'Cobertura de las paqueterías',
    summary: 'La paquetería cubre hasta $2,000.00 MXN con garantía limitada; asegura lo que valga más.',
    body: [
      'Las paqueterías cubren cada envío hasta por $2,000.00 MXN con una garantía limitada, que no incluye robo ni riesgos durante el tránsito. Las reclamaciones se resuelven según las condiciones de cada paquetería.',
      'Te recomendamos contratar el seguro adicional para mercancía de mayor valor.',
    ],
  },
  {
    title: 'Seguro adicional',
    summary: 'Puedes asegurar tu envío por el valor declarado, pagando su costo.',
    body: [
      'Al crear tu envío puedes contratar un seguro adicional indicando el valor del paquete, la persona responsable y su correo. El costo del seguro se suma al precio del envío.',
      'El valor declarado debe ser el real; declarar de más o de menos puede invalidar la cobertura.',
    ],
  },
  {
    title: 'Cancelaciones y reembolsos',
    summary: 'Un envío sin pagar lo borras tú; una guía pagada y sin usar se cancela con soporte.',
    body: [
      'Puedes editar o eliminar un envío mientras no esté pagado. Para cancelar una guía pagada que aún no ha sido recolectada ni usada, escríbenos desde Contáctanos con su número de guía.',
      'Si la cancelación procede según las reglas de la paquetería, el importe se abona a tu Monedero o se devuelve por el mismo medio de pago.',
    ],
  },
  {
    title: 'Reclamaciones',
    summary: 'Si tu paquete llega dañado o no llega, avísanos cuanto antes.',
    body: [
      'Reporta cualquier daño, faltante o extravío en cuanto lo detectes, con el número de guía, fotografías del empaque y del contenido, y el comprobante del valor de la mercancía.',
      'Te acompañamos en el trámite ante la paquetería, que es quien resuelve la reclamación y, en su caso, paga la indemnización conforme a su cobertura.',
    ],
  },
  {
    title: 'Uso correcto de la Plataforma',
    summary: 'Nada de fraudes, abusos ni intentos de dañar el servicio.',
    body: [
      'No puedes usar la Plataforma para actividades ilícitas, para suplantar a otra persona, para extraer datos de forma automatizada, ni para intentar vulnerar su seguridad o su funcionamiento.',
    ],
  },
  {
    title: 'Propiedad intelectual',
    summary: 'El sitio y su contenido son nuestros o de sus dueños; las marcas de las paqueterías son de ellas.',
    body: [
      'El diseño, el código y los textos de la Plataforma nos pertenecen o los usamos con autorización. Las marcas y logotipos de las paqueterías y de los medios de pago son de sus respectivos titulares y se muestran solo para identificar sus servicios.',
    ],
  },
  {
    title: 'Privacidad y avisos',
    summary: 'Tratamos tus datos como dice el aviso de privacidad y te avisamos de tus envíos por correo o WhatsApp.',
    body: [
      'Tratamos tus datos personales y los de tus destinatarios conforme a nuestro aviso de privacidad. Te enviaremos avisos sobre tu cuenta, tus pagos y tus envíos por correo electrónico y, cuando esté disponible, por WhatsApp.',
    ],
  },
  {
    title: 'Cambios, ley aplicable y jurisdicción',
    summary: 'Si cambiamos estos términos te avisamos; aplican las leyes mexicanas.',
    body: [
      'Podemos modificar estos términos; la versión vigente es la publicada en esta página con su fecha de actualización. Si el cambio es importante, te lo avisaremos antes de que aplique.',
      'Estos términos se rigen por las leyes de los Estados Unidos Mexicanos. Para cualquier controversia, las partes se someten a los tribunales de la Ciudad de México, sin perjuicio de los derechos que te reconoce la Procuraduría Federal del Consumidor (PROFECO).',
    ],
  },
];
